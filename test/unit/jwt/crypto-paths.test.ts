import { createCipheriv, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { JWTSessionError } from "../../../src/errors.js";
import { nativeCrypto, type NativeCrypto } from "../../../src/crypto.js";
import { decryptCompact, encryptCompact, parseCompact } from "../../../src/session/jwt-codec.js";
import { deriveContentKey } from "../../../src/session/keys.js";
import { derivedKey, encodeHeader, kidOf } from "./independent-keys.js";

const secret = "paths-secret-paths-secret";
const salt = "authjs.session-token";
const plaintext = new TextEncoder().encode(JSON.stringify({ sub: "1", email: "a@example.com" }));

const keys = async () => ({
  native: await deriveContentKey("A256CBC-HS512", secret, salt, nativeCrypto()),
  subtle: await deriveContentKey("A256CBC-HS512", secret, salt, null),
});

/** A token with a valid tag over a ciphertext whose PKCS#7 padding is wrong, made with independent crypto. */
async function badPaddingToken(): Promise<string> {
  const key = derivedKey("A256CBC-HS512", secret, salt);
  const header = encodeHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await kidOf(key) });
  const iv = Buffer.alloc(16, 7);
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32), iv).setAutoPadding(false);
  const ciphertext = Buffer.concat([cipher.update(Buffer.alloc(32, 0x41)), cipher.final()]);
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(header.length * 8));
  const tag = createHmac("sha512", key.subarray(0, 32)).update(Buffer.concat([Buffer.from(header), iv, ciphertext, al])).digest().subarray(0, 32);
  return [header, "", iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(".");
}

describe("the session token on node:crypto and on crypto.subtle", () => {
  it("derives the same key either way, and only the native one carries node handles", async () => {
    const { native, subtle } = await keys();
    expect(native.kid).toBe(subtle.kid);
    expect(native.native).toBeDefined();
    expect(subtle.native).toBeUndefined();
  });

  it("decrypts what the other path encrypted, both ways", async () => {
    const { native, subtle } = await keys();
    for (const [writer, reader] of [[native, subtle], [subtle, native]]) {
      const token = await encryptCompact(writer, plaintext);
      expect(await decryptCompact(parseCompact(token), reader)).toEqual(plaintext);
    }
  });

  it("rejects a changed tag, IV or ciphertext on both paths without decrypting", async () => {
    const { native, subtle } = await keys();
    const token = await encryptCompact(native, plaintext);
    const [h, k, iv, ct, tag] = token.split(".");
    const flip = (part: string) => (part[0] === "A" ? "B" : "A") + part.slice(1);
    for (const changed of [[h, k, iv, ct, flip(tag)], [h, k, flip(iv), ct, tag], [h, k, iv, flip(ct), tag]]) {
      for (const key of [native, subtle]) expect(await decryptCompact(parseCompact(changed.join(".")), key)).toBeUndefined();
    }
  });

  it("reports bad padding behind a valid tag as the same clean error on both paths", async () => {
    const { native, subtle } = await keys();
    const jwe = parseCompact(await badPaddingToken());
    for (const key of [native, subtle]) {
      const error = await decryptCompact(jwe, key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JWTSessionError);
      expect((error as Error).message).toBe("Invalid JWE: decryption failed");
    }
  });

  it("keeps to crypto.subtle when the runtime's node:crypto throws or gives other bytes", async () => {
    const real = nativeCrypto()!;
    const broken: NativeCrypto[] = [
      { ...real, createCipheriv: () => { throw new Error("unsupported cipher"); } },
      { ...real, createSecretKey: () => { throw new Error("no raw key access"); } },
      { ...real, createHmac: (algorithm, key) => real.createHmac(algorithm, key).update("skew") },
    ];
    const reference = await deriveContentKey("A256CBC-HS512", secret, salt, null);
    for (const native of broken) {
      const key = await deriveContentKey("A256CBC-HS512", secret, salt, native);
      expect(key.native).toBeUndefined();
      expect(await decryptCompact(parseCompact(await encryptCompact(key, plaintext)), reference)).toEqual(plaintext);
    }
  });
});
