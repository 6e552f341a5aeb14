import { encode as referenceEncode } from "@auth/core/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../../src/jwt.js";
import { JWTSessionError } from "../../../src/errors.js";
import { nativeCrypto } from "../../../src/crypto.js";
import { createHeaderCache } from "../../../src/session/jwt-codec.js";
import { mint } from "./independent-keys.js";

const secret = "cache-secret-cache-secret";
const salt = "authjs.session-token";
const subtleMethods = ["importKey", "deriveBits", "deriveKey", "digest", "sign", "verify", "encrypt", "decrypt"] as const;
const nativeMethods = ["createHmac", "createCipheriv", "createDecipheriv"] as const;

/**
 * Counts every crypto call by method name from now on: crypto.subtle's, and node:crypto's, which the
 * session token's HMAC and AES-CBC run on under Node.
 */
function countCryptoCalls() {
  const spies = [
    ...subtleMethods.map((method) => [method, vi.spyOn(crypto.subtle, method)] as const),
    ...nativeMethods.map((method) => [method, vi.spyOn(nativeCrypto()!, method)] as const),
  ];
  return () => Object.fromEntries(spies.map(([method, spy]) => [method, spy.mock.calls.length]).filter(([, n]) => n));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the codec derives and imports each key once", () => {
  it("runs on Node's synchronous crypto here", () => {
    expect(nativeCrypto()).not.toBeNull();
  });

  it("decodes a valid A256CBC-HS512 token with one HMAC and one AES-CBC call once warm", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret, salt });

    const calls = countCryptoCalls();
    expect(await codec.decode({ token, secret, salt })).toMatchObject({ sub: "1" });
    expect(calls()).toEqual({ createHmac: 1, createDecipheriv: 1 });
  });

  it("derives on first use: one HKDF import and derivation, one thumbprint, two key imports, one probe of node:crypto against crypto.subtle", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const calls = countCryptoCalls();
    await createJwtCodec().decode({ token, secret, salt });
    // The probe is sign + encrypt on crypto.subtle and createHmac + createCipheriv + createDecipheriv on
    // node:crypto; the decode itself is one more createHmac and createDecipheriv.
    expect(calls()).toEqual({ importKey: 3, deriveBits: 1, digest: 1, sign: 1, encrypt: 1, createCipheriv: 1, createHmac: 2, createDecipheriv: 2 });
  });

  it("encodes with one AES-CBC and one HMAC call once warm, sharing keys with decode", async () => {
    const codec = createJwtCodec();
    const token = await codec.encode({ token: { sub: "1" }, secret, salt });
    const calls = countCryptoCalls();
    await codec.encode({ token: { sub: "2" }, secret, salt });
    await codec.decode({ token, secret, salt });
    expect(calls()).toEqual({ createCipheriv: 1, createHmac: 2, createDecipheriv: 1 });
  });

  it("decodes a valid A256GCM token with a single decrypt once warm", async () => {
    const token = await mint({ sub: "1" }, { enc: "A256GCM", secret, salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret, salt });
    const calls = countCryptoCalls();
    await codec.decode({ token, secret, salt });
    expect(calls()).toEqual({ decrypt: 1 });
  });

  it("derives once under concurrent first use", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const codec = createJwtCodec();
    const calls = countCryptoCalls();
    await Promise.all(Array.from({ length: 10 }, () => codec.decode({ token, secret, salt })));
    expect(calls()).toEqual({ deriveBits: 1, importKey: 3, digest: 1, sign: 1, encrypt: 1, createCipheriv: 1, createHmac: 11, createDecipheriv: 11 });
  });

  it("during rotation, skips keys by kid without decrypting and keeps every derived key", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret: "old-secret", salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret: [secret, "old-secret"], salt });
    const calls = countCryptoCalls();
    await codec.decode({ token, secret: [secret, "old-secret"], salt });
    expect(calls()).toEqual({ createHmac: 1, createDecipheriv: 1 });
  });

  it("keeps keys apart per salt and per secret", async () => {
    const codec = createJwtCodec();
    const a = await codec.encode({ token: { sub: "a" }, secret, salt: "one" });
    await expect(codec.decode({ token: a, secret, salt: "two" })).rejects.toThrow();
    await expect(codec.decode({ token: a, secret: "other", salt: "one" })).rejects.toThrow();
    expect(await codec.decode({ token: a, secret, salt: "one" })).toMatchObject({ sub: "a" });
  });

  it("codecs do not share state", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    await createJwtCodec().decode({ token, secret, salt });
    const calls = countCryptoCalls();
    await createJwtCodec().decode({ token, secret, salt });
    expect(calls()).toMatchObject({ deriveBits: 1 });
  });
});

describe("the codec reads each protected header once", () => {
  it("keeps a header it has read, by its encoding, and at most `limit` of them", () => {
    const readHeader = createHeaderCache(2);
    const encode = (kid: string) => Buffer.from(JSON.stringify({ alg: "dir", enc: "A256GCM", kid })).toString("base64url");
    const first = readHeader(encode("a"));
    expect(first.header).toEqual({ alg: "dir", enc: "A256GCM", kid: "a" });
    expect(new TextDecoder().decode(first.aad)).toBe(encode("a"));
    expect(Object.isFrozen(first.header)).toBe(true);
    expect(readHeader(encode("a"))).toBe(first);
    readHeader(encode("b"));
    readHeader(encode("c"));
    expect(readHeader(encode("a"))).not.toBe(first);
  });

  it("keeps no header it refused: the same one is refused again", () => {
    const readHeader = createHeaderCache();
    const bad = Buffer.from(JSON.stringify({ alg: "RSA-OAEP", enc: "A256GCM" })).toString("base64url");
    expect(() => readHeader(bad)).toThrow(JWTSessionError);
    expect(() => readHeader(bad)).toThrow(JWTSessionError);
  });
});
