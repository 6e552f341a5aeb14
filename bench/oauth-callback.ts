/**
 * oauth-callback: one complete OpenID Connect sign-in per unit of work, against a real oidc-provider IdP on
 * loopback (bench/idp-process.ts) that logs the user in and consents by itself. The library answers
 * in-process (the CSRF token, the sign-in POST, the callback and the session check); the IdP is reached over
 * HTTP, by the libraries for discovery and the token exchange, and by the bench playing the browser at its
 * login and consent pages. The IdP's own time is part of both libraries' figures.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createClient } from "../test/helpers/auth-client.js";
import { idpClients, loginAtIdp } from "../test/helpers/oidc-idp.js";
import { returnToApp, startSignIn } from "../test/integration/oauth/oidc-flow.js";
import { expectResponse, expectSessionOf } from "./expect.js";
import type { Scenario } from "./scenario.js";
import { basePath, origin, reference, sekisho, sessionCookieName, user, type OidcProvider, type Subject } from "./subjects.js";

const name = "oauth-callback";
/** More sign-ins in flight only queue at the IdP, a single process: the figures would be the IdP's. */
const concurrency = 4;

/** One sign-in through the IdP with a fresh browser; the library's answer to the callback, checked. */
async function signIn(subject: Subject, provider: OidcProvider): Promise<Response> {
  const client = createClient({ origin, send: subject.handle }, basePath);
  const authorizationUrl = await startSignIn(client, provider.id);
  if (!authorizationUrl.startsWith(`${provider.issuer}/`)) {
    throw new Error(`${name}: ${subject.name} sent the browser to "${authorizationUrl}", not to the IdP at ${provider.issuer}`);
  }
  const callback = await returnToApp(client, await loginAtIdp(authorizationUrl, user.id));
  expectResponse(name, callback, 302);
  if (!client.jar.get(sessionCookieName)) throw new Error(`${name}: ${subject.name} set no session cookie`);
  await expectSessionOf(name, await client.send("/session"));
  return callback;
}

async function startIdp(redirectUri: string): Promise<{ issuer: string; close(): void }> {
  const script = fileURLToPath(new URL("./idp-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, redirectUri], { stdio: ["pipe", "pipe", "inherit"] });
  const issuer = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(String(chunk).trim()));
    child.once("exit", (code) => reject(new Error(`${name}: the IdP exited (code ${code}) before it listened`)));
  });
  return {
    issuer,
    close: () => void child.stdin.end(),
  };
}

export async function oauthCallbackScenario(): Promise<Scenario> {
  const providerId = "idp";
  // Both libraries answer in-process at the same origin, so one registered callback URL serves both.
  const idp = await startIdp(`${origin}${basePath}/callback/${providerId}`);
  const client = idpClients.confidential;
  const provider: OidcProvider = {
    id: providerId,
    name: "Local IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    checks: ["pkce", "state", "nonce"],
  };
  return {
    name,
    subjects: [sekisho({ oidc: provider }), reference({ oidc: provider })],
    run: (subject) => signIn(subject, provider),
    concurrency,
    note:
      `one op is one whole sign-in (CSRF token, sign-in POST, the IdP's login and consent over HTTP, callback, ` +
      `session check), the IdP's time included; ${concurrency} sign-ins in flight in the concurrent columns, as more only queue at the IdP.`,
    close: idp.close,
  };
}
