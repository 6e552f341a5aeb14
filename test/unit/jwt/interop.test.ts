import { decode as referenceDecode, encode as referenceEncode } from "@auth/core/jwt";
import { describe, expect, it } from "vitest";
import { createJwtCodec, decode, encode } from "../../../src/jwt.js";
import { derivedKey, kidOf, mint, split } from "./independent-keys.js";

const secret = "a-secret-of-reasonable-length-0123456789";
const token = { name: "Ada", email: "ada@example.com", picture: "https://example.com/ada.png", sub: "user-1" };

describe.each(["authjs.session-token", "__Secure-authjs.session-token"])("interop with @auth/core, salt %s", (salt) => {
  it("decodes a token minted by @auth/core", async () => {
    const minted = await referenceEncode({ token, secret, salt });
    const decoded = await createJwtCodec().decode({ token: minted, secret, salt });
    expect(decoded).toEqual(await referenceDecode({ token: minted, secret, salt }));
    expect(decoded).toMatchObject(token);
  });

  it("mints a token @auth/core decodes", async () => {
    const minted = await createJwtCodec().encode({ token, secret, salt, maxAge: 3600 });
    const decoded = await referenceDecode({ token: minted, secret, salt });
    expect(decoded).toMatchObject(token);
    expect(decoded!.exp! - decoded!.iat!).toBe(3600);
    expect(decoded!.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("writes the same header as @auth/core", async () => {
    const ours = split(await encode({ token, secret, salt }));
    const theirs = split(await referenceEncode({ token, secret, salt }));
    expect(ours.header).toEqual(theirs.header);
    expect(ours.header).toEqual({
      alg: "dir",
      enc: "A256CBC-HS512",
      kid: await kidOf(derivedKey("A256CBC-HS512", secret, salt)),
    });
    expect(ours.key).toBe("");
  });

  it("decodes an A256GCM token minted with jose and the same HKDF key", async () => {
    const minted = await mint(token, { enc: "A256GCM", secret, salt });
    expect(split(minted).header.enc).toBe("A256GCM");
    expect(await decode({ token: minted, secret, salt })).toMatchObject(token);
  });
});

describe("encode/decode", () => {
  it("round-trips the payload and adds iat, exp (default 30 days) and jti", async () => {
    const salt = "authjs.session-token";
    const before = Math.floor(Date.now() / 1000);
    const decoded = await decode({ token: await encode({ token, secret, salt }), secret, salt });
    expect(decoded).toMatchObject(token);
    expect(decoded!.iat).toBeGreaterThanOrEqual(before);
    expect(decoded!.exp! - decoded!.iat!).toBe(30 * 24 * 60 * 60);
    expect(typeof decoded!.jti).toBe("string");
  });

  it("overrides iat, exp and jti present in the payload", async () => {
    const salt = "s";
    const minted = await encode({ token: { ...token, iat: 1, exp: 2, jti: "mine" }, secret, salt, maxAge: 60 });
    const decoded = await decode({ token: minted, secret, salt });
    expect(decoded!.jti).not.toBe("mine");
    expect(decoded!.exp! - decoded!.iat!).toBe(60);
  });

  it("issues a different token each time (random IV and jti)", async () => {
    const codec = createJwtCodec();
    const a = await codec.encode({ token, secret, salt: "s" });
    const b = await codec.encode({ token, secret, salt: "s" });
    expect(a).not.toBe(b);
  });

  it("keeps non-ASCII text intact", async () => {
    const codec = createJwtCodec();
    const payload = { name: "関所 ✓ Ünïcødé 🙂" };
    const decoded = await codec.decode({ token: await codec.encode({ token: payload, secret, salt: "s" }), secret, salt: "s" });
    expect(decoded!.name).toBe(payload.name);
  });

  it("returns null for an empty or missing token", async () => {
    expect(await decode({ token: "", secret, salt: "s" })).toBeNull();
    expect(await decode({ token: undefined, secret, salt: "s" })).toBeNull();
  });

  it("refuses to work without a secret", async () => {
    await expect(encode({ token, secret: "", salt: "s" })).rejects.toMatchObject({ type: "MissingSecret" });
    await expect(encode({ token, secret: [], salt: "s" })).rejects.toMatchObject({ type: "MissingSecret" });
    await expect(encode({ token, secret: ["", secret], salt: "s" })).rejects.toMatchObject({ type: "MissingSecret" });
    const minted = await encode({ token, secret, salt: "s" });
    await expect(decode({ token: minted, secret: [], salt: "s" })).rejects.toMatchObject({ type: "MissingSecret" });
  });

  it("rejects a maxAge that is not a finite number", async () => {
    await expect(encode({ token, secret, salt: "s", maxAge: Number.NaN })).rejects.toThrow(TypeError);
  });
});
