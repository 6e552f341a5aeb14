/**
 * ID-token attacks against the OIDC callback, with a local OpenID provider whose token endpoint returns
 * whatever ID token the test mints. Every forged token must end in OAuthCallbackError, with no session.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { generateKeyPair } from "jose";
import type { Check } from "../../../src/providers/index.js";
import { createClient, type Transport } from "../../helpers/auth-client.js";
import { errorLog, serveApp, signInAtFake, type Grant } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "id-token-suite-secret-0123456789abcdefghijk";
const { fake, servers } = fakeOAuthForSuite();

beforeEach(() => {
  fake.requests.length = 0;
  fake.idToken = (grant) => fake.signIdToken(grant);
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const parts = (jwt: string) => jwt.split(".");

/** A fresh instance per attempt, so a JWKS cached by an earlier test cannot hide a fetch. */
async function attempt(mint: (grant: Grant) => string | Promise<string>, checks: Check[] = ["pkce", "state", "nonce"]) {
  const log = errorLog();
  const transport = await serveApp(
    {
      secret,
      trustHost: true,
      logger: log.logger,
      providers: [{ id: "idp", name: "Local IdP", type: "oidc", issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret, checks }],
    },
    fake,
    ["idp"],
  );
  servers.push(transport);
  fake.idToken = mint;
  const client = createClient(transport);
  const { response } = await signInAtFake(client, fake, "idp");
  return { response, client, log, origin: transport.origin };
}

async function expectRefused(result: Awaited<ReturnType<typeof attempt>>, cause: RegExp) {
  const { response, client, log, origin } = result;
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=OAuthCallbackError`);
  expect(client.jar.get("authjs.session-token")).toBeUndefined();
  expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
  expect(await client.session()).toBeNull();
  const line = log.lines.find((l) => l.startsWith("OAuthCallbackError"));
  expect(line).toMatch(/Provider "idp"/);
  expect(line).toMatch(cause);
}

describe("ID token validation", () => {
  it("accepts a correctly signed ID token (the control for every attack below)", async () => {
    const { response, client, origin } = await attempt((grant) => fake.signIdToken(grant));
    expect(response.headers.get("location")).toBe(`${origin}/welcome`);
    expect(((await client.session()) as any).user).toMatchObject({ email: "octocat@private.example", name: "Octocat" });
  });

  it("refuses a token for another audience", async () => {
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, { aud: "someone-else" })), /"aud"/);
  });

  it("refuses a token with several audiences and no azp naming this client", async () => {
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, { aud: [grant.clientId, "someone-else"] })), /azp/);
  });

  it("refuses a token from another issuer", async () => {
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, { iss: "https://evil.example" })), /"iss"/);
  });

  it("refuses a token whose nonce is not the one sent", async () => {
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, { nonce: "f".repeat(64) })), /nonce does not match/);
  });

  it("refuses a token without a nonce when the nonce check is on", async () => {
    await expectRefused(await attempt((grant) => fake.signIdToken({ ...grant, nonce: undefined })), /nonce does not match/);
  });

  it("refuses a token that expired an hour ago", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, { iat: now - 7200, exp: now - 3600 })), /ERR_JWT_EXPIRED.*"exp"/);
  });

  it("refuses an unsecured token (alg: none)", async () => {
    const result = await attempt(async (grant) => {
      const [, payload] = parts(await fake.signIdToken(grant));
      return `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
    });
    await expectRefused(result, /ERR_JOSE_ALG_NOT_ALLOWED/);
  });

  it("refuses a token signed with a key whose kid is not in the JWKS, after refetching the JWKS once", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const result = await attempt((grant) => fake.signIdToken(grant, {}, { key: privateKey, kid: "attacker-key" }));
    await expectRefused(result, /ERR_JWKS_NO_MATCHING_KEY/);
    expect(fake.count("/jwks")).toBe(2);
  });

  it("refuses a token signed with a foreign key that claims the IdP's kid", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const result = await attempt((grant) => fake.signIdToken(grant, {}, { key: privateKey, kid: fake.key.kid }));
    await expectRefused(result, /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
  });

  it("refuses an HS256 token signed with the client secret", async () => {
    const key = new TextEncoder().encode(fake.clientSecret);
    await expectRefused(await attempt((grant) => fake.signIdToken(grant, {}, { key, kid: fake.key.kid, alg: "HS256" })), /ERR_JOSE_ALG_NOT_ALLOWED/);
  });

  it("refuses a token whose payload was altered after signing", async () => {
    const result = await attempt(async (grant) => {
      const [header, payload, signature] = parts(await fake.signIdToken(grant));
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      return `${header}.${b64({ ...claims, sub: "admin", email: "admin@victim.example" })}.${signature}`;
    });
    await expectRefused(result, /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
  });

  it("refuses a token response without an id_token", async () => {
    await expectRefused(await attempt(() => undefined as unknown as string), /no id_token/);
  });
});
