/**
 * The ID token's signature, checked by jose through verifyIdToken: tokens jose signed with every accepted
 * algorithm, and every way a token can be forged, mismatched with its key, or malformed.
 */
import { createHmac, createPublicKey, generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { ProviderRequestError } from "../../../src/oauth-client/provider-fetch.js";
import { clientSecret, flipped, jwksProvider, segment, signed, signedRaw, signingKey, validClaims, withPart, type SigningKey } from "./signed-tokens.js";

const verify = (token: string, keys: unknown[]) => jwksProvider(keys).verify(token);
const verifyShared = (token: string, alg: string, secret = clientSecret) => jwksProvider([], { id_token_signed_response_alg: alg }, secret).verify(token);

async function expectRejected(verification: Promise<unknown>, code: string, message?: RegExp) {
  const error = await verification.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderRequestError);
  expect((error as Error).message).toContain(`ID token rejected (${code})`);
  if (message) expect((error as Error).message).toMatch(message);
}

const accepted = expect.objectContaining({ sub: "user-1" });

const publicKeyAlgorithms = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

describe("every public-key algorithm", () => {
  const keys = new Map<string, SigningKey>();
  beforeAll(async () => {
    for (const alg of publicKeyAlgorithms) keys.set(alg, await signingKey(alg));
  });

  it.each(publicKeyAlgorithms)("verifies a token jose signed with %s", async (alg) => {
    const key = keys.get(alg)!;
    await expect(verify(await signed(key), [key.jwk])).resolves.toEqual(accepted);
  });

  it.each(publicKeyAlgorithms)("refuses a %s token whose payload was altered", async (alg) => {
    const key = keys.get(alg)!;
    const token = withPart(await signed(key), 1, segment({ ...validClaims(), sub: "admin" }));
    await expectRejected(verify(token, [key.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it.each(publicKeyAlgorithms)("refuses a %s token whose signature was altered", async (alg) => {
    const key = keys.get(alg)!;
    const token = await signed(key);
    await expectRejected(verify(withPart(token, 2, flipped(token.split(".")[2], 10)), [key.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses a token signed by another key of the same kind under the published kid", async () => {
    const published = keys.get("ES256")!;
    const forger = await signingKey("ES256", published.jwk.kid as string);
    await expectRejected(verify(await signed(forger), [published.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });
});

describe("HMAC with the client secret", () => {
  const hmacToken = (alg: string, key = clientSecret) => new SignJWT(validClaims()).setProtectedHeader({ alg }).sign(new TextEncoder().encode(key));

  it.each(["HS256", "HS384", "HS512"])("verifies a token jose signed with %s and the secret", async (alg) => {
    await expect(verifyShared(await hmacToken(alg), alg)).resolves.toEqual(accepted);
  });

  it("refuses a token signed with another secret", async () => {
    await expectRejected(verifyShared(await hmacToken("HS256", "another-secret"), "HS256"), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses a token in another HMAC algorithm than the configured one", async () => {
    await expectRejected(verifyShared(await hmacToken("HS256"), "HS512"), "ERR_JOSE_ALG_NOT_ALLOWED", /"alg"/);
  });

  it("refuses a public-key token where the client secret is expected", async () => {
    const token = await signed(await signingKey("RS256"));
    await expectRejected(verifyShared(token, "HS256"), "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("refuses to verify with an empty client secret", async () => {
    await expectRejected(verifyShared(await hmacToken("HS256", "x"), "HS256", ""), "ERR_JWK_INVALID", /client secret/);
  });
});

describe("forged and mismatched tokens", () => {
  let rsa: SigningKey;
  beforeAll(async () => {
    rsa = await signingKey("RS256", "rsa-1");
  });

  it('refuses alg "none"', async () => {
    const token = `${segment({ alg: "none" })}.${segment(validClaims())}.`;
    await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("refuses HS256 keyed with the RSA public key's bytes (algorithm confusion)", async () => {
    const header = { alg: "HS256", kid: "rsa-1" };
    const input = `${segment(header)}.${segment(validClaims())}`;
    const pem = createPublicKey({ key: rsa.jwk, format: "jwk" }).export({ type: "spki", format: "pem" });
    for (const publicBytes of [pem, rsa.jwk.n as string]) {
      const token = `${input}.${createHmac("sha256", publicBytes).update(input).digest("base64url")}`;
      await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_ALG_NOT_ALLOWED");
    }
  });

  it("never uses a symmetric (oct) key from a JWKS", async () => {
    const token = await new SignJWT(validClaims()).setProtectedHeader({ alg: "HS256", kid: "oct-1" }).sign(new TextEncoder().encode("shared"));
    await expectRejected(verify(token, [{ kty: "oct", kid: "oct-1", k: Buffer.from("shared").toString("base64url") }]), "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("refuses an algorithm that does not fit the key's type under the same kid", async () => {
    const ec = await signingKey("ES256", "rsa-1");
    await expectRejected(verify(await signed(ec), [rsa.jwk]), "ERR_JWKS_NO_MATCHING_KEY", /ES256.*"rsa-1"/);
    await expectRejected(verify(await signed(rsa), [ec.jwk]), "ERR_JWKS_NO_MATCHING_KEY", /RS256.*"rsa-1"/);
  });

  it("refuses an EC key on another curve than the algorithm's", async () => {
    const p384 = await signingKey("ES384", "ec-1");
    const p256 = await signingKey("ES256", "ec-1");
    await expectRejected(verify(await signed(p384), [p256.jwk]), "ERR_JWKS_NO_MATCHING_KEY");
  });

  it("refuses a key whose alg is another algorithm than the header's", async () => {
    const key = await signingKey("PS256", "rsa-pss");
    await expectRejected(verify(await signed(key), [{ ...key.jwk, alg: "RS256" }]), "ERR_JWKS_NO_MATCHING_KEY");
    await expect(verify(await signed(key), [{ ...key.jwk, alg: "PS256" }])).resolves.toEqual(accepted);
  });

  it("refuses a key published for encryption or without the verify operation", async () => {
    const token = await signed(rsa);
    await expectRejected(verify(token, [{ ...rsa.jwk, use: "enc" }]), "ERR_JWKS_NO_MATCHING_KEY");
    await expectRejected(verify(token, [{ ...rsa.jwk, use: undefined, key_ops: ["encrypt"] }]), "ERR_JWKS_NO_MATCHING_KEY");
    await expect(verify(token, [{ ...rsa.jwk, use: undefined, key_ops: ["verify"] }])).resolves.toEqual(accepted);
  });

  it("refuses a kid that is not in the JWKS", async () => {
    await expectRejected(verify(await signed(rsa, validClaims(), { kid: "rotated-away" }), [rsa.jwk]), "ERR_JWKS_NO_MATCHING_KEY", /"rotated-away"/);
  });

  it("tries each key of the right type when the token has no kid", async () => {
    const other = await signingKey("RS256", "rsa-2");
    const token = await signed(rsa, validClaims(), { kid: undefined });
    await expect(verify(token, [other.jwk, { ...rsa.jwk, kid: undefined }])).resolves.toEqual(accepted);
    await expectRejected(verify(token, [other.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses a token with a crit header, even correctly signed", async () => {
    const token = signedRaw(rsa.privateKey, { alg: "RS256", kid: "rsa-1", crit: ["exp"] }, validClaims());
    await expect(verify(signedRaw(rsa.privateKey, { alg: "RS256", kid: "rsa-1" }, validClaims()), [rsa.jwk])).resolves.toEqual(accepted);
    await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_NOT_SUPPORTED", /"exp"/);
  });

  it("refuses an ES256 signature that is not 64 bytes (DER-encoded, or cut short)", async () => {
    const ec = await signingKey("ES256", "ec-1");
    const der = signedRaw(ec.privateKey, { alg: "ES256", kid: "ec-1" }, validClaims(), true);
    await expectRejected(verify(der, [ec.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
    const token = await signed(ec);
    const short = Buffer.from(token.split(".")[2], "base64url").subarray(0, 63).toString("base64url");
    await expectRejected(verify(withPart(token, 2, short), [ec.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses an RSA key shorter than 2048 bits", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const jwk = { ...publicKey.export({ format: "jwk" }), kid: "short" };
    const token = signedRaw(privateKey, { alg: "RS256", kid: "short" }, validClaims());
    await expectRejected(verify(token, [jwk]), "TypeError", /2048 bits/);
  });

  it("refuses a JWKS key that lacks its public members", async () => {
    await expectRejected(verify(await signed(rsa), [{ kty: "RSA", kid: "rsa-1", e: "AQAB" }]), "DataError");
  });
});

describe("malformed tokens", () => {
  const header = segment({ alg: "RS256" });
  const payload = segment(validClaims());
  let rsa: SigningKey;
  beforeAll(async () => {
    rsa = await signingKey("RS256", "rsa-1");
  });

  it.each([
    ["two parts", `${header}.${payload}`, "ERR_JWS_INVALID"],
    ["four parts", `${header}.${payload}.c2ln.c2ln`, "ERR_JWS_INVALID"],
    ["one part", "eyJhbGciOiJSUzI1NiJ9", "ERR_JWS_INVALID"],
    ["a header outside the base64url alphabet", `${header}*.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header that is not JSON", `${Buffer.from("{alg:RS256}").toString("base64url")}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header that is a JSON array", `${segment(["RS256"])}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header without alg", `${segment({ typ: "JWT" })}.${payload}.c2ln`, "ERR_JWS_INVALID"],
  ])("refuses %s", async (_, token, code) => {
    await expectRejected(verify(token, [rsa.jwk]), code);
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])('refuses the alg "%s" without tripping over Object.prototype', async (alg) => {
    await expectRejected(verify(`${segment({ alg })}.${payload}.c2ln`, []), "ERR_JOSE_ALG_NOT_ALLOWED");
    await expectRejected(verifyShared(`${segment({ alg })}.${payload}.c2ln`, "HS256"), "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("throws nothing but a ProviderRequestError for arbitrary input, and accepts none of it", async () => {
    const part = fc.oneof(fc.string(), fc.base64String(), fc.json().map((json) => Buffer.from(json).toString("base64url")));
    const token = fc.oneof(fc.string(), fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(".")));
    await fc.assert(
      fc.asyncProperty(token, async (candidate) => {
        const error = await verify(candidate, [rsa.jwk]).then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderRequestError);
      }),
      { numRuns: 300 },
    );
  });
});
