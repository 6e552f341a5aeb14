/** An app with second factors over real HTTP: credentials, a GitHub-style OAuth provider and email links, on the memory adapter. */
import { expect } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import type { AuthConfig } from "../../../src/index.js";
import {
  authenticationOptions,
  callbackUrl,
  origin,
  passkeyClient,
  registerNewUser,
  type PasskeyClient,
} from "../../integration/webauthn/fixtures.js";
import { decodeBase32 } from "../../../src/two-factor/base32.js";
import { hotp, totpStep } from "../../../src/two-factor/totp.js";
import { alice, createClient, credentialsProvider, checkAlice, quietLogger, type Client, type Transport } from "../../helpers/auth-client.js";
import { fakeProvider, type FakeOAuth } from "../../helpers/fake-oauth.js";
import { linkMailbox } from "../../helpers/link-mailbox.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { twoFactor } from "../../../src/two-factor/index.js";

export const secret = "two-factor-suite-secret-0123456789abcdefghij";
export const sessionCookie = "authjs.session-token";
export const pendingCookie = "sekisho.two-factor";

export interface Served {
  client(): Client;
  links: string[];
  auth: ReturnType<typeof createAuth>;
}

/** An instance on `adapter` whose credentials user is the adapter's user with alice's address. */
export function serve(
  transport: Transport,
  setFetch: (fetch: (request: Request) => Promise<Response>) => void,
  adapter: Adapter,
  fake: Pick<FakeOAuth, "origin" | "clientId" | "clientSecret">,
  config: Partial<AuthConfig> = {},
): Served {
  const { links, provider: email } = linkMailbox();
  const credentials = credentialsProvider(async (fields) => {
    if (!checkAlice(fields)) return null;
    const user = await adapter.getUserByEmail!(alice.email);
    return { id: user!.id, name: alice.name, email: alice.email };
  });
  const auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      logger: quietLogger,
      providers: [credentials, fakeProvider(fake, "github", { allowDangerousEmailAccountLinking: true }), email],
      twoFactor: twoFactor(),
      ...config,
    },
    { env: {} },
  );
  setFetch(auth.fetch);
  return { client: () => createClient(transport), links, auth };
}

export const location = (response: Response) => response.headers.get("location");

/** The code the enrolled authenticator shows `stepsAhead` steps from now. */
export function codeFor(secretBase32: string, stepsAhead = 0): Promise<string> {
  return hotp(decodeBase32(secretBase32)!, totpStep(Date.now()) + stepsAhead);
}

/** Enrolls TOTP for the client's signed-in user; returns the base32 secret and the backup codes. */
export async function enroll(client: Client): Promise<{ secret: string; uri: string; backupCodes: string[] }> {
  const started = await client.send("/account/totp", { form: { csrfToken: await client.csrfToken() } });
  expect(started.status).toBe(200);
  const { secret: totpSecret, uri } = (await started.json()) as { secret: string; uri: string };
  const confirmed = await client.send("/account/totp/confirm", {
    form: { csrfToken: await client.csrfToken(), code: await codeFor(totpSecret) },
  });
  expect(confirmed.status).toBe(200);
  const { backupCodes } = (await confirmed.json()) as { backupCodes: string[] };
  return { secret: totpSecret, uri, backupCodes };
}

/** POST /two-factor with `fields` and the client's CSRF token. */
export async function secondFactor(client: Client, fields: Record<string, string>, headers?: HeadersInit): Promise<Response> {
  return client.send("/two-factor", { form: { csrfToken: await client.csrfToken(), ...fields }, headers });
}

/** An app with a password (any user of the adapter, alice's password) and `passkey`, second factors on; alice registers a passkey and signs out. */
export async function passkeyApp(adapter: Adapter, config: Partial<AuthConfig>, passkey: AuthConfig["providers"][number]) {
  const password = credentialsProvider(async (fields) => {
    if (fields.password !== alice.password) return null;
    const user = await adapter.getUserByEmail!(String(fields.username));
    return user && { id: user.id, email: user.email, name: user.name };
  });
  const auth = createAuth(
    { secret, adapter, providers: [password, passkey], experimental: { enableWebAuthn: true }, logger: quietLogger, ...config },
    { env: {} },
  );
  const client = () => passkeyClient(auth.fetch);
  const owner = client();
  const registered = await registerNewUser(owner, alice.email);
  return { auth, client, owner, ...registered };
}

type Authenticator = Awaited<ReturnType<typeof registerNewUser>>["authenticator"];

/**
 * Signs in with alice's passkey twice: with user verification (both factors: a session at once), then without it
 * in a new browser, which is held at the second step; answers that browser.
 */
export async function passkeyWithAndWithoutVerification(client: () => PasskeyClient, authenticator: Authenticator): Promise<PasskeyClient> {
  const verified = client();
  expect(location(await verified.post("authenticate", authenticator.authenticate(await authenticationOptions(verified))))).toBe(callbackUrl);
  expect(await emailOfPasskeyClient(verified)).toBe(alice.email);
  const unverified = client();
  const options = await authenticationOptions(unverified);
  const first = await unverified.post("authenticate", authenticator.authenticate(options, undefined, { withoutUserVerification: true }));
  expect(location(first)).toBe(`${origin}/auth/two-factor`);
  expect(unverified.jar.get(sessionCookie)).toBeUndefined();
  expect(await emailOfPasskeyClient(unverified)).toBeNull();
  return unverified;
}

export const emailOfPasskeyClient = async (c: PasskeyClient) =>
  ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;
