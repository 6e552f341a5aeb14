import { pbkdf2Sync, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, isReadableHash, verifyPassword } from "../../../src/password/password-hash.js";
import { piWords } from "../../../src/password/pi-words.js";
import { scrypt, scryptInJs } from "../../../src/password/scrypt.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const hex = (data: Uint8Array) => Buffer.from(data).toString("hex");
const light = { ln: 10, r: 8, p: 1 };

describe("scrypt", () => {
  it("matches RFC 7914's test vector, natively and in JavaScript", async () => {
    const expected =
      "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640";
    const params = { ln: 10, r: 8, p: 16 };
    expect(hex(await scrypt(bytes("password"), bytes("NaCl"), params, 64))).toBe(expected);
    expect(hex(await scryptInJs(bytes("password"), bytes("NaCl"), params, 64))).toBe(expected);
  });

  it("the JavaScript path agrees with Node's for other parameters", async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const js = await scryptInJs(bytes("correct horse"), salt, { ln: 12, r: 4, p: 2 }, 32);
    expect(hex(js)).toBe(scryptSync("correct horse", salt, 32, { N: 4096, r: 4, p: 2 }).toString("hex"));
  });
});

describe("bcrypt, for imported hashes", () => {
  // published vectors: jBCrypt's test set (OpenBSD's $2a$) and the PHP manual's password_verify example ($2y$)
  it.each([
    ["", "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."],
    ["a", "$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe"],
    ["abc", "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i"],
    ["rasmuslerdorf", "$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq"],
  ])("verifies %j against its published hash, asks for a re-hash, and refuses a one-letter change", async (password, stored) => {
    expect(isReadableHash(stored)).toBe(true);
    expect(await verifyPassword(stored, password)).toEqual({ ok: true, rehash: true });
    expect((await verifyPassword(stored, `${password}x`)).ok).toBe(false);
  });

  it("reads $2b$ as $2a$ for passwords under 255 bytes", async () => {
    const stored = "$2b$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i";
    expect((await verifyPassword(stored, "abc")).ok).toBe(true);
  });

  it("derives Blowfish's tables from π: the P-array and the last S-box word", () => {
    const words = piWords(18 + 1024);
    expect([...words.slice(0, 4)].map((w) => w.toString(16))).toEqual(["243f6a88", "85a308d3", "13198a2e", "3707344"]);
    expect(words[18].toString(16)).toBe("d1310ba6");
    expect(words[1041].toString(16)).toBe("3ac372e6");
  });
});

describe("password hashes", () => {
  it("stores scrypt as a PHC string with OWASP's parameters by default", async () => {
    const stored = await hashPassword("a long enough passphrase");
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(stored, "a long enough passphrase")).toEqual({ ok: true, rehash: false });
    expect(await verifyPassword(stored, "a long enough passphrasE")).toEqual({ ok: false, rehash: false });
  });

  it("normalises the password with NFKC, so composed and decomposed spellings match", async () => {
    const stored = await hashPassword("caf\u00e9 au lait tous les jours", light);
    expect((await verifyPassword(stored, "cafe\u0301 au lait tous les jours", light)).ok).toBe(true);
  });

  it("asks for a re-hash when the stored parameters are not the current ones", async () => {
    const stored = await hashPassword("a long enough passphrase", light);
    expect(await verifyPassword(stored, "a long enough passphrase", { ln: 11, r: 8, p: 1 })).toEqual({ ok: true, rehash: true });
    expect(await verifyPassword(stored, "wrong", { ln: 11, r: 8, p: 1 })).toEqual({ ok: false, rehash: false });
  });

  it("verifies scrypt hashes made elsewhere (Node's scrypt, passlib's format)", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const hash = scryptSync("imported secret", salt, 32, { N: 1 << 14, r: 8, p: 1 });
    const stored = `$scrypt$ln=14,r=8,p=1$${salt.toString("base64").replace(/=+$/, "")}$${hash.toString("base64").replace(/=+$/, "")}`;
    expect(await verifyPassword(stored, "imported secret")).toEqual({ ok: true, rehash: true });
    expect((await verifyPassword(stored, "imported secreT")).ok).toBe(false);
  });

  it("verifies PBKDF2-SHA-256 as PHC, passlib and Django store it, and asks for a re-hash", async () => {
    const salt = Buffer.from("saltsaltsaltsalt");
    const hash = pbkdf2Sync("imported secret", salt, 1000, 32, "sha256");
    const b64 = (b: Buffer) => b.toString("base64").replace(/=+$/, "");
    const phc = `$pbkdf2-sha256$i=1000,l=32$${b64(salt)}$${b64(hash)}`;
    const passlib = `$pbkdf2-sha256$1000$${b64(salt).replace(/\+/g, ".")}$${b64(hash).replace(/\+/g, ".")}`;
    const djangoHash = pbkdf2Sync("imported secret", "plainsalt", 1000, 32, "sha256").toString("base64");
    const django = `pbkdf2_sha256$1000$plainsalt$${djangoHash}`;
    for (const stored of [phc, passlib, django]) {
      expect(isReadableHash(stored)).toBe(true);
      expect(await verifyPassword(stored, "imported secret")).toEqual({ ok: true, rehash: true });
      expect((await verifyPassword(stored, "imported secreT")).ok).toBe(false);
    }
  });

  it("never matches a format it does not read, nor one with absurd parameters", async () => {
    const unreadable = [
      "$2b$31$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
      "$2x$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
      "$argon2id$v=19$m=1048576,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g",
      "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2g",
      "plain text",
      "",
    ];
    for (const stored of unreadable) {
      expect(isReadableHash(stored)).toBe(false);
      expect((await verifyPassword(stored, "plain text")).ok).toBe(false);
    }
  });
});
