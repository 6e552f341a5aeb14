/**
 * A provider's access token never reaches a log (issue 14, finding 7). HubSpot looks the token up by its
 * value in the URL path; when that request fails, the log names the endpoint's role and origin only. Every
 * channel is searched: console lines with debug on, and the full error objects (messages, causes, stacks)
 * a custom logger receives.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { captureOutput, createClient } from "../../helpers/auth-client.js";
import { closedPortOrigin, serveApp, signInAtFake, type FakeSignIn } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { fakeHubSpot } from "./provider-shapes.js";

const secret = "token-logging-suite-secret-0123456789abcdefg";
const { fake, servers } = fakeOAuthForSuite();

/** A HubSpot sign-in whose token lookup fails, with every log channel recorded. */
async function failingSignIn(profileOrigin: string) {
  const errors: string[] = [];
  const debug: string[] = [];
  const withObjects = await serveApp(
    {
      secret,
      trustHost: true,
      debug: true,
      logger: { warn: () => {}, error: (error) => void errors.push(inspect(error, { depth: 10 })), debug: (message, metadata) => void debug.push(inspect([message, metadata], { depth: 10 })) },
      providers: [fakeHubSpot(fake, profileOrigin)],
    },
    fake,
    ["hubspot"],
  );
  const onConsole = await serveApp({ secret, trustHost: true, debug: true, logger: {}, providers: [fakeHubSpot(fake, profileOrigin)] }, fake, ["hubspot"]);
  servers.push(withObjects, onConsole);
  const signIns: FakeSignIn[] = [await signInAtFake(createClient(withObjects), fake, "hubspot")];
  const console = await captureOutput(async () => void signIns.push(await signInAtFake(createClient(onConsole), fake, "hubspot")));
  const codes = signIns.map((signIn) => new URL(signIn.callbackUrl).searchParams.get("code")!);
  return { logged: [...errors, ...debug, ...console], signIns, codes, tokens: fake.accessTokens.slice(-2) };
}

function expectNoSecrets(run: Awaited<ReturnType<typeof failingSignIn>>) {
  for (const signIn of run.signIns) expect(signIn.response.headers.get("location")).toMatch(/error=OAuthCallbackError$/);
  expect(run.logged.some((line) => /OAuthCallbackError/.test(line))).toBe(true);
  for (const secretValue of [...run.tokens, ...run.codes]) {
    expect(secretValue.length).toBeGreaterThan(10);
    for (const line of run.logged) expect(line).not.toContain(secretValue);
  }
  for (const line of run.logged) expect(line).not.toMatch(/access-tokens/);
}

describe("a failed request with the access token in its path", () => {
  it("logs the endpoint's role and origin, never the path, when the request cannot be made", async () => {
    const down = await closedPortOrigin();
    const run = await failingSignIn(down);
    expectNoSecrets(run);
    expect(run.logged.some((line) => line.includes(`userinfo request at ${down} failed`) && /ECONNREFUSED/.test(line))).toBe(true);
  });

  it("logs the status, never the path, when the provider answers with an error", async () => {
    fake.faults.user = "500";
    try {
      const run = await failingSignIn(fake.origin);
      expectNoSecrets(run);
      expect(run.logged.some((line) => /answered the profile request with status 500/.test(line))).toBe(true);
    } finally {
      fake.faults.user = undefined;
    }
  });
});
