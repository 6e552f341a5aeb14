import type { Adapter, AdapterUser } from "../../src/adapters/adapter-contract.js";
import { SQLiteAdapter } from "../../src/adapters/sqlite.js";
import type { EmailVerificationRequest, Provider } from "../../src/config/providers/provider-types.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import { signInMethods } from "../../src/providers/index.js";
import { allLocales } from "../../pages/locales.js";
import { honoAuth, type HonoAuth } from "../../shims/hono/index.js";

/** The demo's password account; the home page tells visitors to use it. */
export const demoAccount = {
  username: "demo",
  password: "demo",
  user: { name: "Demo User", email: "demo@example.com" },
};

/** The client the demo registers at its own local IdP. */
export const demoIdpClient = {
  client_id: "sekisho-demo",
  client_secret: "sekisho-demo-idp-secret-0123456789",
  token_endpoint_auth_method: "client_secret_basic",
};

/** Used only when AUTH_SECRET is unset, so sessions survive a restart of the demo. Public: never use it for real. */
const developmentSecret = "sekisho-demo-development-secret-not-for-production";

export type DemoEnv = Record<string, string | undefined>;

/** Names and addresses only this machine can reach. */
export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "::1" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** The demo would run on its public development secret where someone else could use it. */
export class DemoSecretError extends Error {
  constructor(where: string) {
    super(`sekisho demo: AUTH_SECRET is not set, and the built-in development secret is public, so it is refused ${where}. Set AUTH_SECRET to a random string (openssl rand -base64 33).`);
    this.name = "DemoSecretError";
  }
}

/** AUTH_SECRET, or the public development secret for a demo on loopback outside production. */
export function demoSecret(env: DemoEnv, hostname: string, warn: (message: string) => void = console.warn): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") throw new DemoSecretError("when NODE_ENV=production");
  if (!isLoopback(hostname)) throw new DemoSecretError(`on ${hostname}, which is not a loopback address`);
  warn("sekisho demo: AUTH_SECRET is not set, using a fixed development secret. Set AUTH_SECRET for anything but local testing.");
  return developmentSecret;
}

/** Sign-in emails the demo "sent": printed to the terminal and kept for the dev-only mailbox page. */
export interface Mailbox {
  messages: Array<{ to: string; url: string; code?: string; at: Date }>;
  send(request: EmailVerificationRequest): void;
}

export function createMailbox(print: (line: string) => void = console.log): Mailbox {
  const messages: Mailbox["messages"] = [];
  return {
    messages,
    send({ identifier, url, otp }) {
      messages.unshift({ to: identifier, url, code: otp, at: new Date() });
      messages.length = Math.min(messages.length, 20);
      print(`\n  Sign-in email for ${identifier}:\n    ${url}${otp ? `\n    code: ${otp}` : ""}\n`);
    },
  };
}

/** The database row of the demo account, created on first run. */
async function demoUser(adapter: Adapter): Promise<AdapterUser> {
  const existing = await adapter.getUserByEmail!(demoAccount.user.email);
  return existing ?? adapter.createUser!({ id: "", ...demoAccount.user, emailVerified: null });
}

export interface DemoServices {
  /** The issuer of the demo's local OpenID provider. */
  idpIssuer: string;
  mailbox: Mailbox;
}

/** The sign-in methods the demo offers; each new method is one more entry here. */
export function demoProviders(adapter: Adapter, services: DemoServices): Provider[] {
  return [
    Credentials({
      name: "Demo account",
      // No labels: the sign-in page labels username and password inputs in the reader's language.
      credentials: {
        username: { autocomplete: "username" },
        password: { type: "password", autocomplete: "current-password" },
      },
      authorize: async ({ username, password }) =>
        username === demoAccount.username && password === demoAccount.password ? demoUser(adapter) : null,
    }),
    {
      id: "demo-idp",
      name: "Demo IdP",
      type: "oidc",
      issuer: services.idpIssuer,
      clientId: demoIdpClient.client_id,
      clientSecret: demoIdpClient.client_secret,
      checks: ["pkce", "state", "nonce"],
    },
    { id: "email", name: "Email", type: "email", otp: true, sendVerificationRequest: (request) => services.mailbox.send(request) },
    Passkey(),
  ];
}

/** The demo's auth, and its store, from which the protected page lists the user's passkeys. */
export type DemoAuth = HonoAuth & { adapter: Adapter };

/**
 * The demo's auth: database sessions in a local SQLite file (created on first run), so users, accounts,
 * sessions and passkeys persist across restarts.
 */
export async function createDemoAuth(env: DemoEnv, services: DemoServices, secret: string): Promise<DemoAuth> {
  const adapter = SQLiteAdapter(env.DEMO_DATABASE ?? "file:.sekisho/demo.db");
  await demoUser(adapter);
  const auth = honoAuth(
    {
      secret,
      adapter,
      session: { strategy: "database" },
      providers: demoProviders(adapter, services),
      experimental: { enableWebAuthn: true },
      // Every built-in language: the pages and emails follow the browser's.
      messages: allLocales,
    },
    // The IdP and the mailbox are plain provider objects, as an Auth.js app writes them.
    { env, methods: signInMethods },
  );
  return Object.assign(auth, { adapter });
}
