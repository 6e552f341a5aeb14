/**
 * One app server for a database suite, beside a real OpenID provider and a real SMTP server. Each test
 * serves a fresh sekisho instance on it (`serve`), configured with an OIDC provider, a trusting twin
 * that allows dangerous email linking, email over SMTP and credentials, all on the store's adapter.
 */
import { type AuthConfig } from "../../../src/index.js";
import { type Adapter } from "../../../src/adapters/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import Credentials from "../../../src/providers/credentials.js";
import Nodemailer from "../../../src/providers/nodemailer.js";
import { createClient, overHttp, type Client, type FetchLike, type Transport } from "../../helpers/auth-client.js";
import { idpClients, startIdp, type Idp, type IdpUser } from "../../helpers/oidc-idp.js";
import { startSmtp, type SmtpSink } from "../../helpers/smtp.js";

export const secret = "database-suite-secret-0123456789abcdefghij";
export const password = "open sesame, but longer";

export const people = {
  alice: { sub: "alice", email: "alice@example.com", name: "Alice Liddell", picture: "https://example.com/alice.png" },
  bob: { sub: "bob", email: "bob@example.com", name: "Bob Builder" },
  carol: { sub: "carol", email: "carol@example.com", name: "Carol Danvers" },
} satisfies Record<string, IdpUser>;

export const providerIds = ["idp", "trusting"] as const;

export interface Recorded {
  name: string;
  message: any;
}

export interface Served {
  origin: string;
  events: Recorded[];
  /** The messages of one event, in order. */
  named(name: string): any[];
  /** Errors the logger received, as `Type: message`. */
  errors: string[];
  client(): Client;
}

export interface Harness {
  smtp: SmtpSink;
  /** Serves a new instance whose adapter is `adapter`; `config` overrides the defaults. */
  serve(adapter: Adapter, config?: Partial<AuthConfig>): Served;
  close(): Promise<void>;
}

const eventNames = ["createUser", "updateUser", "linkAccount", "signIn", "signOut"] as const;

/** An OIDC provider named `id` on the suites' IdP, as its confidential client. */
export function oidcProvider(idp: Idp, id: string, overrides: Partial<OAuthProviderConfig> = {}): OAuthProviderConfig {
  return {
    id,
    name: `IdP ${id}`,
    type: "oidc",
    issuer: idp.issuer,
    clientId: idpClients.confidential.client_id,
    clientSecret: idpClients.confidential.client_secret,
    checks: ["pkce", "state", "nonce"],
    ...overrides,
  };
}

export async function startHarness(): Promise<Harness> {
  const idp: Idp = await startIdp(Object.values(people));
  const smtp = await startSmtp();
  let current: FetchLike = () => new Response(null, { status: 503 });
  const transport: Transport = await overHttp((request) => current(request));
  await idp.setRedirectUris(providerIds.map((id) => `${transport.origin}/auth/callback/${id}`));

  const oidc = (id: string, overrides: Partial<OAuthProviderConfig> = {}) => oidcProvider(idp, id, overrides);

  return {
    smtp,
    serve(adapter, config = {}) {
      const events: Recorded[] = [];
      const errors: string[] = [];
      const record = (name: string) => async (message: unknown) => void events.push({ name, message });
      const auth = createAuth(
        {
          secret,
          trustHost: true,
          adapter,
          session: { strategy: "database" },
          providers: [
            oidc("idp"),
            oidc("trusting", { allowDangerousEmailAccountLinking: true }),
            Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false }, from: "Sekisho <auth@sekisho.test>" }),
            Credentials({
              credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
              // The user must already exist: a database session points at a row of the users table.
              authorize: async ({ email, password: given }) => (given === password ? adapter.getUserByEmail!(String(email)) : null),
            }),
          ],
          events: Object.fromEntries(eventNames.map((name) => [name, record(name)])),
          logger: {
            error: (error) => void errors.push(`${error.name}: ${error.message} ${String((error.cause as any)?.err?.message ?? "")}`),
            warn: () => {},
            debug: () => {},
          },
          ...config,
        },
        { env: {} },
      );
      current = auth.fetch;
      return {
        origin: transport.origin,
        events,
        named: (name) => events.filter((event) => event.name === name).map((event) => event.message),
        errors,
        client: () => createClient(transport),
      };
    },
    async close() {
      await transport.close();
      await smtp.close();
      await idp.close();
    },
  };
}

/** Credentials sign-in, with the shared password unless given another. */
export async function signInWithPassword(client: Client, email: string, given = password): Promise<Response> {
  return client.send("/callback/credentials", { form: { email, password: given, csrfToken: await client.csrfToken(), callbackUrl: "/home" } });
}

export const sessionCookie = "authjs.session-token";
