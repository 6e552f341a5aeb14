/** verifyIdToken over a provider whose JWKS is served through `[customFetch]`, with tokens jose signed. */
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { ProviderRequestError } from "../../../src/oauth-client/provider-fetch.js";
import { clientId, clientSecret, jwksProvider as provider, segment, signed, signingKey, validClaims, withPart, type SigningKey } from "./signed-tokens.js";

async function expectRefused(verification: Promise<unknown>, message: RegExp) {
  const error = await verification.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderRequestError);
  expect((error as Error).message).toMatch(message);
}

let current: SigningKey;
let next: SigningKey;
beforeAll(async () => {
  current = await signingKey("RS256", "current");
  next = await signingKey("ES256", "next");
});

describe("verifyIdToken", () => {
  it("returns the claims of a valid token, fetching the JWKS once for several sign-ins", async () => {
    const { jwks, verify } = provider([current.jwk]);
    expect(await verify(await signed(current, { ...validClaims(), email: "a@example.com" }))).toMatchObject({ sub: "user-1", email: "a@example.com" });
    await verify(await signed(current));
    expect(jwks.fetches).toBe(1);
  });

  it("reports a refusal as ProviderRequestError with the reason's code", async () => {
    const { verify } = provider([current.jwk]);
    const token = await signed(current);
    await expectRefused(verify(withPart(token, 1, segment({ ...validClaims(), sub: "admin" }))), /^ID token rejected \(ERR_JWS_SIGNATURE_VERIFICATION_FAILED\): /);
    await expectRefused(verify("not-a-jwt"), /^ID token rejected \(ERR_JWS_INVALID\): /);
    await expectRefused(verify(""), /^ID token rejected \(ERR_JWS_INVALID\): /);
  });

  it("refetches the JWKS once for an unknown kid, and picks up the rotated key", async () => {
    const { jwks, verify } = provider([current.jwk]);
    await verify(await signed(current));
    jwks.keys = [next.jwk];
    await expect(verify(await signed(next))).resolves.toMatchObject({ sub: "user-1" });
    expect(jwks.fetches).toBe(2);
    await expect(verify(await signed(next))).resolves.toBeDefined();
    expect(jwks.fetches).toBe(2);
  });

  it("refuses a kid still unknown after the refetch, refetching no more than once", async () => {
    const { jwks, verify } = provider([current.jwk]);
    const stranger = await signingKey("RS256", "stranger");
    await expectRefused(verify(await signed(stranger)), /ERR_JWKS_NO_MATCHING_KEY.*"stranger"/);
    expect(jwks.fetches).toBe(2);
  });

  it("does not refetch the JWKS for a bad signature under a known kid", async () => {
    const { jwks, verify } = provider([current.jwk]);
    const forger = await signingKey("RS256", "current");
    await expectRefused(verify(await signed(forger)), /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
    expect(jwks.fetches).toBe(1);
  });

  it("checks the claims once the signature holds", async () => {
    const { verify } = provider([current.jwk]);
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(verify(await signed(current, { ...validClaims(), iat: now - 7200, exp: now - 3600 })), /ERR_JWT_EXPIRED.*"exp"/);
    await expectRefused(verify(await signed(current, { ...validClaims(), aud: "someone-else" })), /ERR_JWT_CLAIM_VALIDATION_FAILED.*"aud"/);
  });

  it("fills a multi-tenant issuer from the token's tid", async () => {
    const { verify } = provider([current.jwk]);
    const template = "https://login.example/{tenantid}/v2.0";
    const claims = { ...validClaims(), iss: "https://login.example/tenant-1/v2.0", tid: "tenant-1" };
    await expect(verify(await signed(current, claims), { issuer: template })).resolves.toMatchObject({ tid: "tenant-1" });
    await expectRefused(verify(await signed(current, { ...claims, tid: "tenant-2" }), { issuer: template }), /"iss"/);
    await expectRefused(verify(await signed(current, { ...claims, tid: undefined }), { issuer: template }), /no tenant id/);
  });

  it("checks the nonce and, with several audiences, azp", async () => {
    const { verify } = provider([current.jwk]);
    await expect(verify(await signed(current, { ...validClaims(), nonce: "n-1" }), { nonce: "n-1" })).resolves.toBeDefined();
    await expectRefused(verify(await signed(current, { ...validClaims(), nonce: "n-2" }), { nonce: "n-1" }), /nonce does not match/);
    await expectRefused(verify(await signed(current, { ...validClaims(), aud: [clientId, "other"] })), /azp/);
    await expect(verify(await signed(current, { ...validClaims(), aud: [clientId, "other"], azp: clientId }))).resolves.toBeDefined();
  });

  it("verifies with the client secret when the provider signs with it, and never with its JWKS", async () => {
    const { jwks, verify } = provider([current.jwk], { id_token_signed_response_alg: "HS256" });
    const hmac = await new SignJWT(validClaims()).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(clientSecret));
    await expect(verify(hmac)).resolves.toMatchObject({ sub: "user-1" });
    await expectRefused(verify(await signed(current)), /ERR_JOSE_ALG_NOT_ALLOWED/);
    expect(jwks.fetches).toBe(0);
  });

  it("refuses an HMAC token from a provider that publishes a JWKS", async () => {
    const { verify } = provider([current.jwk]);
    const hmac = await new SignJWT(validClaims()).setProtectedHeader({ alg: "HS256", kid: "current" }).sign(new TextEncoder().encode(clientSecret));
    await expectRefused(verify(hmac), /ERR_JOSE_ALG_NOT_ALLOWED/);
  });
});
