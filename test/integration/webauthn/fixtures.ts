/**
 * Fixtures for the WebAuthn suites: an instance with a passkey provider over a real SQLite file, a client
 * that asks for options and posts ceremony results like the built-in page does, and row counts to prove
 * that a refused ceremony wrote nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient as createLibsqlClient, type Client as LibsqlClient } from "@libsql/client";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { afterEach, beforeEach } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { migrateSQLite, SQLiteAdapter } from "../../../src/adapters/sqlite.js";
import Passkey from "../../../src/providers/passkey.js";
import { localClient, secret, type Client } from "../../helpers/auth-client.js";
import { standIn } from "../../helpers/stand-in.js";
import { createSoftAuthenticator } from "./soft-authenticator.js";

export const origin = "http://localhost:3000";

/** Standard base64, as the adapters store credential ids and public keys. */
export const base64 = (base64url: string) => Buffer.from(base64url, "base64url").toString("base64");
export const callbackUrl = `${origin}/dashboard`;

export interface SqliteStore {
  client: LibsqlClient;
  adapter: ReturnType<typeof SQLiteAdapter>;
  /** Rows per table: what a refused ceremony must leave unchanged. */
  counts(): Promise<Record<"users" | "accounts" | "authenticators" | "sessions", number>>;
  close(): void;
}

/** A migrated SQLite database in a temporary file (a file, so that transactions share the connection's data). */
export async function sqliteStore(): Promise<SqliteStore> {
  const dir = mkdtempSync(join(tmpdir(), "sekisho-webauthn-"));
  const client = createLibsqlClient({ url: `file:${join(dir, "auth.db")}` });
  await migrateSQLite(client);
  const count = async (table: string) => Number((await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
  return {
    client,
    adapter: SQLiteAdapter(client),
    async counts() {
      return { users: await count("users"), accounts: await count("accounts"), authenticators: await count("authenticators"), sessions: await count("sessions") };
    },
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh store for each test of the calling suite, closed after it. The object stands for whichever store the
 * running test has, so a suite can keep it in a `const`.
 */
export function sqliteStorePerTest(): SqliteStore {
  let current: SqliteStore | undefined;
  beforeEach(async () => {
    current = await sqliteStore();
  });
  afterEach(() => current?.close());
  return standIn(() => {
    if (!current) throw new Error("the store exists only while a test runs");
    return current;
  });
}

export function passkeyAuth(adapter: Adapter, config: Partial<AuthConfig> = {}) {
  return createAuth(
    { secret, providers: [Passkey()], adapter, experimental: { enableWebAuthn: true }, logger: quietLogger, ...config },
    { env: {} },
  );
}

/** Refusals are logged as errors by design; keep them off the console. */
export const quietLogger = { error() {}, warn() {}, debug() {} };

/** A logger that keeps the errors, to tell apart why a ceremony was refused. */
export function recordingLogger() {
  const errors: Error[] = [];
  return { errors, logger: { ...quietLogger, error: (error: Error) => void errors.push(error) } };
}

export type OptionsBody =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON };

export interface PasskeyClient extends Client {
  /** GET /webauthn-options/:provider with the query given. */
  options(query?: Record<string, string>, provider?: string): Promise<Response>;
  /** Options that must succeed, as JSON. */
  optionsJson(query?: Record<string, string>, provider?: string): Promise<OptionsBody>;
  /** POST /callback/:provider as the built-in page does: form-encoded action, data (JSON string), csrfToken, callbackUrl. */
  post(action: string, data: unknown, provider?: string): Promise<Response>;
}

export function passkeyClient(fetch: (request: Request) => Response | Promise<Response>): PasskeyClient {
  const client = localClient(fetch);
  const options = (query: Record<string, string> = {}, provider = "passkey") =>
    client.send(`/webauthn-options/${provider}?${new URLSearchParams(query)}`);
  return {
    ...client,
    options,
    async optionsJson(query, provider) {
      const response = await options(query, provider);
      if (response.status !== 200) throw new Error(`options: ${response.status} ${await response.text()}`);
      return (await response.json()) as OptionsBody;
    },
    async post(action, data, provider = "passkey") {
      const form = { action, data: typeof data === "string" ? data : JSON.stringify(data), csrfToken: await client.csrfToken(), callbackUrl };
      return client.send(`/callback/${provider}`, { form });
    },
  };
}

/** Options that must be for a registration. */
export async function registrationOptions(client: PasskeyClient, query: Record<string, string>): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const body = await client.optionsJson(query);
  if (body.action !== "register") throw new Error(`expected register, got ${body.action}`);
  return body.options;
}

/** Options that must be for an authentication. */
export async function authenticationOptions(client: PasskeyClient, query: Record<string, string> = {}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const body = await client.optionsJson(query);
  if (body.action !== "authenticate") throw new Error(`expected authenticate, got ${body.action}`);
  return body.options;
}

/** Registers a new user by email with a fresh software authenticator; returns both. */
export async function registerNewUser(client: PasskeyClient, email: string) {
  const authenticator = createSoftAuthenticator(origin);
  const response = await client.post("register", authenticator.register(await registrationOptions(client, { email })));
  if (response.headers.get("location") !== callbackUrl) throw new Error(`registration failed: ${response.headers.get("location")}`);
  return { authenticator, credential: authenticator.credentials[0] };
}

/** Where a refused ceremony sends the browser. */
export const verificationErrorUrl = `${origin}/auth/error?error=WebAuthnVerificationError`;
