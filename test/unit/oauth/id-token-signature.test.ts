/** Compact JWS verification against tokens jose signed, and against every way a token can be forged or malformed. */
import { createHmac, createPublicKey, generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_KEY_ALGORITHMS } from "../../../src/flows/oauth/jws-algorithms.js";
import { verificationKey } from "../../../src/flows/oauth/jwk.js";
import { parseCompactJws, verifyWithJwks, verifyWithSecret } from "../../../src/flows/oauth/jws.js";
import { TokenError, type TokenErrorCode } from "../../../src/flows/oauth/token-error.js";
import { flipped, segment, signed, signedRaw, signingKey, validClaims, withPart, type SigningKey } from "./signed-tokens.js";

const verify = async (token: string, keys: unknown[]) => verifyWithJwks(parseCompactJws(token), keys);
const verifyShared = async (token: string, alg: string, secret: string) => verifyWithSecret(parseCompactJws(token), alg, secret);

async function expectRejected(verification: Promise<unknown>, code: TokenErrorCode, message?: RegExp) {
  const error = await verification.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(TokenError);
  expect((error as TokenError).code).toBe(code);
  if (message) expect((error as TokenError).message).toMatch(message);
}

const publicKeyAlgorithms = [...PUBLIC_KEY_ALGORITHMS.keys()];

describe("every public-key algorithm", () => {
  const keys = new Map<string, SigningKey>();
  beforeAll(async () => {
    for (const alg of publicKeyAlgorithms) keys.set(alg, await signingKey(alg));
  });

  it("covers RS, PS, ES, EdDSA and Ed25519", () => {
    expect(publicKeyAlgorithms.sort()).toEqual(
      ["ES256", "ES384", "ES512", "EdDSA", "Ed25519", "PS256", "PS384", "PS512", "RS256", "RS384", "RS512"].sort(),
    );
  });

  it.each(publicKeyAlgorithms)("verifies a token jose signed with %s", async (alg) => {
    const key = keys.get(alg)!;
    await expect(verify(await signed(key), [key.jwk])).resolves.toBeUndefined();
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
  const secret = "client-secret-0123456789abcdefghijklmnop";
  const hmacToken = (alg: string, key = secret) => new SignJWT(validClaims()).setProtectedHeader({ alg }).sign(new TextEncoder().encode(key));

  it.each(["HS256", "HS384", "HS512"])("verifies a token jose signed with %s and the secret", async (alg) => {
    await expect(verifyShared(await hmacToken(alg), alg, secret)).resolves.toBeUndefined();
  });

  it("refuses a token signed with another secret", async () => {
    await expectRejected(verifyShared(await hmacToken("HS256", "another-secret"), "HS256", secret), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses a token in another HMAC algorithm than the configured one", async () => {
    await expectRejected(verifyShared(await hmacToken("HS256"), "HS512", secret), "ERR_JOSE_ALG_NOT_ALLOWED", /"HS256"/);
  });

  it("refuses a public-key token where the client secret is expected", async () => {
    const token = await signed(await signingKey("RS256"));
    await expectRejected(verifyShared(token, "HS256", secret), "ERR_JOSE_ALG_NOT_ALLOWED", /"RS256"/);
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
    await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_ALG_NOT_ALLOWED", /"none"/);
  });

  it("refuses HS256 keyed with the RSA public key's bytes (algorithm confusion)", async () => {
    const header = { alg: "HS256", kid: "rsa-1" };
    const input = `${segment(header)}.${segment(validClaims())}`;
    const pem = createPublicKey({ key: rsa.jwk, format: "jwk" }).export({ type: "spki", format: "pem" });
    for (const publicBytes of [pem, rsa.jwk.n as string]) {
      const token = `${input}.${createHmac("sha256", publicBytes).update(input).digest("base64url")}`;
      await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_ALG_NOT_ALLOWED", /"HS256"/);
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
    await expect(verify(await signed(key), [{ ...key.jwk, alg: "PS256" }])).resolves.toBeUndefined();
  });

  it("refuses a key published for encryption or without the verify operation", async () => {
    const token = await signed(rsa);
    await expectRejected(verify(token, [{ ...rsa.jwk, use: "enc" }]), "ERR_JWKS_NO_MATCHING_KEY");
    await expectRejected(verify(token, [{ ...rsa.jwk, use: undefined, key_ops: ["encrypt"] }]), "ERR_JWKS_NO_MATCHING_KEY");
    await expect(verify(token, [{ ...rsa.jwk, use: undefined, key_ops: ["verify"] }])).resolves.toBeUndefined();
  });

  it("refuses a kid that is not in the JWKS", async () => {
    await expectRejected(verify(await signed(rsa, validClaims(), { kid: "rotated-away" }), [rsa.jwk]), "ERR_JWKS_NO_MATCHING_KEY", /"rotated-away"/);
  });

  it("tries each key of the right type when the token has no kid", async () => {
    const other = await signingKey("RS256", "rsa-2");
    const token = await signed(rsa, validClaims(), { kid: undefined });
    await expect(verify(token, [other.jwk, { ...rsa.jwk, kid: undefined }])).resolves.toBeUndefined();
    await expectRejected(verify(token, [other.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses a token with a crit header, even correctly signed", async () => {
    const token = signedRaw(rsa.privateKey, { alg: "RS256", kid: "rsa-1", crit: ["exp"] }, validClaims());
    await expect(verify(signedRaw(rsa.privateKey, { alg: "RS256", kid: "rsa-1" }, validClaims()), [rsa.jwk])).resolves.toBeUndefined();
    await expectRejected(verify(token, [rsa.jwk]), "ERR_JOSE_NOT_SUPPORTED", /crit/);
  });

  it("refuses an ES256 signature that is not 64 bytes (DER-encoded, or cut short)", async () => {
    const ec = await signingKey("ES256", "ec-1");
    const der = signedRaw(ec.privateKey, { alg: "ES256", kid: "ec-1" }, validClaims(), true);
    await expectRejected(verify(der, [ec.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED", /64 bytes, not 7\d/);
    const token = await signed(ec);
    const short = Buffer.from(token.split(".")[2], "base64url").subarray(0, 63).toString("base64url");
    await expectRejected(verify(withPart(token, 2, short), [ec.jwk]), "ERR_JWS_SIGNATURE_VERIFICATION_FAILED", /64 bytes, not 63/);
  });

  it("refuses an RSA key shorter than 2048 bits", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const jwk = { ...publicKey.export({ format: "jwk" }), kid: "short" };
    const token = signedRaw(privateKey, { alg: "RS256", kid: "short" }, validClaims());
    await expectRejected(verify(token, [jwk]), "ERR_JWK_INVALID", /2048 bits/);
  });

  it("refuses a JWKS key that lacks its public members", async () => {
    await expectRejected(verify(await signed(rsa), [{ kty: "RSA", kid: "rsa-1", e: "AQAB" }]), "ERR_JWK_INVALID", /"n"/);
  });
});

describe("malformed tokens", () => {
  const header = segment({ alg: "RS256" });
  const payload = segment(validClaims());

  it.each([
    ["two parts", `${header}.${payload}`],
    ["four parts", `${header}.${payload}.c2ln.c2ln`],
    ["one part", "eyJhbGciOiJSUzI1NiJ9"],
  ])("refuses %s", (_, token) => {
    expect(() => parseCompactJws(token)).toThrow(expect.objectContaining({ code: "ERR_JWS_INVALID", message: expect.stringMatching(/3 parts/) }));
  });

  it.each([
    ["a header outside the base64url alphabet", `${header}*.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a padded header", `${Buffer.from('{"alg": "RS256"}').toString("base64")}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header that is not JSON", `${Buffer.from("{alg:RS256}").toString("base64url")}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header that is a JSON array", `${segment(["RS256"])}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header without alg", `${segment({ typ: "JWT" })}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a header whose kid is not a string", `${segment({ alg: "RS256", kid: 7 })}.${payload}.c2ln`, "ERR_JWS_INVALID"],
    ["a payload outside the base64url alphabet", `${header}.${payload}+.c2ln`, "ERR_JWT_INVALID"],
    ["a payload that is not JSON", `${header}.${Buffer.from("sub=1").toString("base64url")}.c2ln`, "ERR_JWT_INVALID"],
    ["a payload that is JSON null", `${header}.${segment(null)}.c2ln`, "ERR_JWT_INVALID"],
    ["a payload that is a JSON string", `${header}.${segment("claims")}.c2ln`, "ERR_JWT_INVALID"],
    ["a payload that is not UTF-8", `${header}.${Buffer.from([0x7b, 0xff, 0x7d]).toString("base64url")}.c2ln`, "ERR_JWT_INVALID"],
    ["an empty payload", `${header}..c2ln`, "ERR_JWT_INVALID"],
    ["a signature outside the base64url alphabet", `${header}.${payload}.c2l/`, "ERR_JWS_INVALID"],
  ])("refuses %s", (_, token, code) => {
    expect(() => parseCompactJws(token)).toThrow(expect.objectContaining({ code }));
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])('refuses the alg "%s" without tripping over Object.prototype', async (alg) => {
    await expectRejected(verify(`${segment({ alg })}.${payload}.c2ln`, []), "ERR_JOSE_ALG_NOT_ALLOWED");
    await expectRejected(verifyShared(`${segment({ alg })}.${payload}.c2ln`, alg, "secret"), "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("throws nothing but a TokenError for arbitrary input", async () => {
    const rsa = await signingKey("RS256");
    const part = fc.oneof(fc.string(), fc.base64String(), fc.json().map((json) => Buffer.from(json).toString("base64url")));
    const token = fc.oneof(fc.string(), fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(".")));
    await fc.assert(
      fc.asyncProperty(token, async (candidate) => {
        const error = await verify(candidate, [rsa.jwk]).then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(TokenError);
      }),
      { numRuns: 300 },
    );
  });
});

describe("imported keys", () => {
  it("are imported once per JWK object and algorithm", async () => {
    const { jwk } = await signingKey("RS256");
    const rs256 = PUBLIC_KEY_ALGORITHMS.get("RS256")!;
    const first = await verificationKey(jwk, rs256);
    expect(await verificationKey(jwk, rs256)).toBe(first);
    expect(await verificationKey(jwk, PUBLIC_KEY_ALGORITHMS.get("PS256")!)).not.toBe(first);
    expect(await verificationKey({ ...jwk }, rs256)).not.toBe(first);
  });
});
