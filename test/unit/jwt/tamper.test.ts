import { describe, expect, it } from "vitest";
import { createJwtCodec } from "../../../src/jwt.js";
import { derivedKey, encodeHeader, kidOf, mint, split } from "./independent-keys.js";

const secret = "tamper-secret-tamper-secret";
const salt = "authjs.session-token";
const payload = { sub: "user-1", role: "user" };

async function genuine() {
  return createJwtCodec().encode({ token: payload, secret, salt });
}

/** Flips one bit of the bytes a base64url segment encodes. */
function flip(segment: string, byteIndex = 0): string {
  const bytes = Buffer.from(segment, "base64url");
  bytes[byteIndex] ^= 0x01;
  return bytes.toString("base64url");
}

function withParts(token: string, change: (parts: string[]) => void): string {
  const parts = token.split(".");
  change(parts);
  return parts.join(".");
}

/** A codec that has read genuine tokens, so their key and header are cached, and every token rejected below. */
const warm = createJwtCodec();

/** Rejected by a fresh codec and by the warm one. */
async function expectRejected(token: string, secrets: string | string[] = secret) {
  await warm.decode({ token: await genuine(), secret, salt });
  await expect(createJwtCodec().decode({ token, secret: secrets, salt })).rejects.toThrow();
  await expect(warm.decode({ token, secret: secrets, salt })).rejects.toThrow();
}

describe("tampered tokens are rejected", () => {
  it("accepts the genuine token (control)", async () => {
    expect(await createJwtCodec().decode({ token: await genuine(), secret, salt })).toMatchObject(payload);
  });

  it("rejects a changed authentication tag", async () => {
    const token = await genuine();
    await expectRejected(withParts(token, (p) => (p[4] = flip(p[4]))));
    await expectRejected(withParts(token, (p) => (p[4] = flip(p[4], 31))));
    await expectRejected(withParts(token, (p) => (p[4] = p[4].slice(0, 22)))); // truncated to 16 bytes
    await expectRejected(withParts(token, (p) => (p[4] = "")));
  });

  it("rejects a changed ciphertext or IV", async () => {
    const token = await genuine();
    await expectRejected(withParts(token, (p) => (p[3] = flip(p[3]))));
    await expectRejected(withParts(token, (p) => (p[3] = flip(p[3], Buffer.from(p[3], "base64url").length - 1))));
    await expectRejected(withParts(token, (p) => (p[2] = flip(p[2]))));
    await expectRejected(withParts(token, (p) => (p[3] = p[3].slice(0, -22))));
  });

  it("rejects a changed header, even one that still parses", async () => {
    const token = await genuine();
    const { header } = split(token);
    // Same members, different order: another AAD.
    const reordered = encodeHeader({ kid: header.kid, enc: header.enc, alg: header.alg });
    await expectRejected(withParts(token, (p) => (p[0] = reordered)));
    const extra = encodeHeader({ ...header, typ: "JWT" });
    await expectRejected(withParts(token, (p) => (p[0] = extra)));
  });

  it('rejects alg "none" and algorithms other than "dir"', async () => {
    const token = await genuine();
    const { header } = split(token);
    for (const alg of ["none", "A256KW", "RSA-OAEP", "DIR", "HS256"]) {
      await expectRejected(withParts(token, (p) => (p[0] = encodeHeader({ ...header, alg }))));
    }
    const unsigned = `${encodeHeader({ alg: "none" })}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.`;
    await expectRejected(unsigned);
  });

  it("rejects an enc substitution and unsupported encs", async () => {
    const token = await genuine();
    const { header } = split(token);
    for (const enc of ["A256GCM", "A128CBC-HS256", "A128GCM", "none"]) {
      await expectRejected(withParts(token, (p) => (p[0] = encodeHeader({ ...header, enc }))));
    }
  });

  it("rejects an A256GCM token relabelled as A256CBC-HS512", async () => {
    const gcm = await mint(payload, { enc: "A256GCM", secret, salt });
    const cbcKid = await kidOf(derivedKey("A256CBC-HS512", secret, salt));
    await expectRejected(withParts(gcm, (p) => (p[0] = encodeHeader({ alg: "dir", enc: "A256CBC-HS512", kid: cbcKid }))));
  });

  it("rejects crit, zip, a non-string kid and a header that is not an object", async () => {
    const token = await genuine();
    const { header } = split(token);
    for (const changed of [{ ...header, crit: ["exp"] }, { ...header, zip: "DEF" }, { ...header, kid: 7 }, [header], "dir"]) {
      await expectRejected(withParts(token, (p) => (p[0] = encodeHeader(changed))));
    }
    await expectRejected(withParts(token, (p) => (p[0] = Buffer.from("{not json").toString("base64url"))));
  });

  it("rejects an encrypted key with alg dir, and the wrong number of parts", async () => {
    const token = await genuine();
    await expectRejected(withParts(token, (p) => (p[1] = "AAAA")));
    await expectRejected(token.split(".").slice(0, 4).join("."));
    await expectRejected(`${token}.`);
    await expectRejected("garbage");
    await expectRejected("....");
  });

  it("rejects segments that are not canonical base64url", async () => {
    const token = await genuine();
    await expectRejected(withParts(token, (p) => (p[3] = `${p[3]}=`)));
    await expectRejected(withParts(token, (p) => (p[3] = p[3].replace(/[A-Za-z]/, "+"))));
    await expectRejected(withParts(token, (p) => (p[2] = `${p[2].slice(0, -1)}${p[2].endsWith("A") ? "B" : "A"}`)));
    await expectRejected(withParts(token, (p) => (p[4] = `${p[4].slice(0, 10)}é${p[4].slice(11)}`)));
  });

  it("rejects a token decoded with another salt (another cookie's key)", async () => {
    const token = await genuine();
    await expect(createJwtCodec().decode({ token, secret, salt: "__Secure-authjs.session-token" })).rejects.toThrow();
    await expect(createJwtCodec().decode({ token, secret, salt: "authjs.state" })).rejects.toThrow();
  });

  it("rejects a token decoded with another secret", async () => {
    await expectRejected(await genuine(), "some-other-secret");
  });
});
