import { encode as referenceEncode } from "@auth/core/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../../src/jwt.js";
import { mint } from "./independent-keys.js";

const secret = "cache-secret-cache-secret";
const salt = "authjs.session-token";
const methods = ["importKey", "deriveBits", "deriveKey", "digest", "sign", "verify", "encrypt", "decrypt"] as const;

/** Counts every crypto.subtle call by method name from now on. */
function countSubtleCalls() {
  const spies = methods.map((method) => [method, vi.spyOn(crypto.subtle, method)] as const);
  return () => Object.fromEntries(spies.map(([method, spy]) => [method, spy.mock.calls.length]).filter(([, n]) => n));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the codec derives and imports each key once", () => {
  it("decodes a valid A256CBC-HS512 token with one HMAC and one AES-CBC call once warm", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret, salt });

    const calls = countSubtleCalls();
    expect(await codec.decode({ token, secret, salt })).toMatchObject({ sub: "1" });
    expect(calls()).toEqual({ sign: 1, decrypt: 1 });
  });

  it("derives on first use: one HKDF import and derivation, one thumbprint, two key imports", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const calls = countSubtleCalls();
    await createJwtCodec().decode({ token, secret, salt });
    expect(calls()).toEqual({ importKey: 3, deriveBits: 1, digest: 1, sign: 1, decrypt: 1 });
  });

  it("encodes with one AES-CBC and one HMAC call once warm, sharing keys with decode", async () => {
    const codec = createJwtCodec();
    const token = await codec.encode({ token: { sub: "1" }, secret, salt });
    const calls = countSubtleCalls();
    await codec.encode({ token: { sub: "2" }, secret, salt });
    await codec.decode({ token, secret, salt });
    expect(calls()).toEqual({ encrypt: 1, sign: 2, decrypt: 1 });
  });

  it("decodes a valid A256GCM token with a single decrypt once warm", async () => {
    const token = await mint({ sub: "1" }, { enc: "A256GCM", secret, salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret, salt });
    const calls = countSubtleCalls();
    await codec.decode({ token, secret, salt });
    expect(calls()).toEqual({ decrypt: 1 });
  });

  it("derives once under concurrent first use", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret, salt });
    const codec = createJwtCodec();
    const calls = countSubtleCalls();
    await Promise.all(Array.from({ length: 10 }, () => codec.decode({ token, secret, salt })));
    expect(calls()).toMatchObject({ deriveBits: 1, importKey: 3, sign: 10, decrypt: 10 });
  });

  it("during rotation, skips keys by kid without decrypting and keeps every derived key", async () => {
    const token = await referenceEncode({ token: { sub: "1" }, secret: "old-secret", salt });
    const codec = createJwtCodec();
    await codec.decode({ token, secret: [secret, "old-secret"], salt });
    const calls = countSubtleCalls();
    await codec.decode({ token, secret: [secret, "old-secret"], salt });
    expect(calls()).toEqual({ sign: 1, decrypt: 1 });
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
    const calls = countSubtleCalls();
    await createJwtCodec().decode({ token, secret, salt });
    expect(calls()).toMatchObject({ deriveBits: 1 });
  });
});
