/** An app whose credentials sign-in is rate-limited with small limits, and the log of its warnings. */
import { createAuth, type AuthConfig } from "../../../src/index.js";
import type { CreateAuthOptions } from "../../../src/auth-interface.js";
import { type WarningCode } from "../../../src/logger.js";
import type { RateLimitOptions } from "../../../src/rate-limit/rate-limit-options.js";
import { alice, checkAlice, credentialsProvider, localClient, quietLogger, secret, type Client } from "../../helpers/auth-client.js";

export const testIpHeader = "x-test-client-ip";

/** Takes the client address from a test header, as a shim would from its framework. */
export const clientIpFromHeader: RateLimitOptions["clientIp"] = (request) => request.headers.get(testIpHeader);

export function limitedApp(
  rateLimit: RateLimitOptions | false = {},
  config: Partial<AuthConfig> = {},
  env: Record<string, string> = {},
  createOptions: Omit<CreateAuthOptions, "env"> = {},
) {
  const warnings: WarningCode[] = [];
  const authorized: string[] = [];
  const provider = credentialsProvider((credentials) => {
    authorized.push(String(credentials.username));
    return checkAlice(credentials);
  });
  const options = rateLimit && { enabled: true, limits: { credentials: { perIdentifier: 3, perIp: 5 } }, ...rateLimit };
  const auth = createAuth(
    { secret, providers: [provider], logger: { ...quietLogger, warn: (code) => void warnings.push(code) }, rateLimit: options, ...config },
    { env, ...createOptions },
  );
  return { auth, warnings, authorized, client: () => localClient(auth.fetch) };
}

export function signInAs(client: Client, username: string, password = "wrong password", headers?: HeadersInit) {
  return client.signIn({ username, password }, headers);
}

export const rightPassword = alice.password;
