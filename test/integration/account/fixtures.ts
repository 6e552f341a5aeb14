/**
 * An app with the account page on a given adapter: alice signs in with credentials (by the adapter's id for
 * her), GitHub and GitLab are configured (never contacted: their accounts are linked through the adapter), and
 * passkeys are on; `config.providers` come after these. Events are recorded.
 */
import type { AdapterAuthenticator, AdapterUser } from "../../../src/adapters/index.js";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import type { AdapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import type { AccountView } from "../../../src/http/page-description.js";
import type { AuthConfig } from "../../../src/index.js";
import GitHub from "../../../src/providers/github.js";
import GitLab from "../../../src/providers/gitlab.js";
import Passkey from "../../../src/providers/passkey.js";
import { alice, checkAlice, credentialsProvider, localClient, quietLogger, secret, type Client } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";

export type AccountAdapter = TransactionalAdapter & AdapterUserFactors;

export const json = { accept: "application/json" };
export const browser = { accept: "text/html" };

export interface AccountApp {
  auth: ReturnType<typeof createAuth>;
  user: AdapterUser;
  events: { name: string; message: unknown }[];
  /** A client signed in as alice. */
  signedIn(headers?: HeadersInit): Promise<Client>;
  client(): Client;
}

const recorded = [
  "unlinkAccount",
  "passkeyRenamed",
  "passkeyRemoved",
  "trustedDeviceRevoked",
  "deleteUser",
  "otherSessionsEnded",
] as const;

export async function accountApp(
  adapter: AccountAdapter,
  strategy: "jwt" | "database",
  config: Partial<AuthConfig> = {},
  email = alice.email,
): Promise<AccountApp> {
  const user = await adapter.createUser({ id: "", email, name: alice.name, image: alice.image, emailVerified: null });
  const credentials = credentialsProvider((fields) => (checkAlice(fields) ? { ...checkAlice(fields), id: user.id } : null));
  const events: AccountApp["events"] = [];
  const auth = createAuth(
    {
      secret,
      adapter,
      trustHost: true,
      logger: quietLogger,
      session: { strategy },
      experimental: { enableWebAuthn: true },
      events: Object.fromEntries(recorded.map((name) => [name, (message: unknown) => void events.push({ name, message })])),
      ...config,
      providers: [
        credentials,
        GitHub({ clientId: "gh", clientSecret: "gh-secret" }),
        GitLab({ clientId: "gl", clientSecret: "gl-secret" }),
        Passkey(),
        ...(config.providers ?? []),
      ],
    },
    { env: {} },
  );
  const client = () => localClient(auth.fetch);
  return {
    auth,
    user,
    events,
    client,
    async signedIn(headers) {
      const c = client();
      await c.signIn(undefined, headers);
      return c;
    },
  };
}

/** Links an account of `provider` to the user, as its sign-in would have. */
export function linkAccount(adapter: AccountAdapter, userId: string, provider: string, providerAccountId = `${provider}-${userId}`) {
  return adapter.linkAccount({ userId, provider, providerAccountId, type: "oauth" });
}

/** Registers a passkey for the user, as a registration would have: the authenticator and its webauthn account. */
export async function addPasskey(adapter: AccountAdapter, userId: string, credentialID: string): Promise<AdapterAuthenticator> {
  await adapter.linkAccount({ userId, provider: "passkey", providerAccountId: credentialID, type: "webauthn" });
  return adapter.createAuthenticator({
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: "cHVibGljLWtleQ",
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: "internal",
  });
}

/** POST `path` with the client's CSRF token and `fields`. */
export async function post(c: Client, path: string, fields: Record<string, string> = {}, headers: HeadersInit = json) {
  return c.send(path, { form: { csrfToken: await c.csrfToken(), ...fields }, headers });
}

export async function account(c: Client) {
  const response = await c.send("/account", { headers: json });
  return { status: response.status, body: (await response.json()) as AccountView };
}
