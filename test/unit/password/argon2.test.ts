/** argon2 for imported hashes: BLAKE2b, the RFC 9106 vectors, the reference implementation's PHC strings, the cost guard. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { argon2 } from "../../../src/password/argon2.js";
import { mulHigh } from "../../../src/password/argon2-block.js";
import { readArgon2 } from "../../../src/password/argon2-phc.js";
import { blake2b, blake2bLong } from "../../../src/password/blake2b.js";
import { isReadableHash, verifyPassword } from "../../../src/password/password-hash.js";

const hex = (data: Uint8Array) => Buffer.from(data).toString("hex");
const bytes = (text: string) => new TextEncoder().encode(text);

describe("BLAKE2b", () => {
  it('matches RFC 7693 Appendix A: BLAKE2b-512("abc")', () => {
    expect(hex(blake2b(bytes("abc")))).toBe(
      "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
    );
  });

  it("matches the known BLAKE2b-512 of the empty string, and OpenSSL's on both sides of each block boundary", () => {
    expect(hex(blake2b(new Uint8Array(0)))).toBe(
      "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce",
    );
    for (const length of [1, 127, 128, 129, 255, 256, 257, 1100]) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
      expect(hex(blake2b(input))).toBe(createHash("blake2b512").update(input).digest("hex"));
    }
  });

  it("gives shorter outputs that differ from a cut 512-bit one (the length is in the parameter block), and H' of any length", () => {
    const short = blake2b(bytes("abc"), 32);
    expect(short).toHaveLength(32);
    expect(hex(short)).not.toBe(hex(blake2b(bytes("abc"))).slice(0, 64));
    expect(() => blake2b(bytes("abc"), 65)).toThrow(RangeError);
    for (const length of [4, 64, 65, 96, 100, 1024]) expect(blake2bLong(bytes("abc"), length)).toHaveLength(length);
    // H' above 64 bytes begins with the first half of BLAKE2b-512(LE32(T) || X)
    const prefixed = new Uint8Array([0, 4, 0, 0, ...bytes("abc")]);
    expect(hex(blake2bLong(bytes("abc"), 1024).subarray(0, 32))).toBe(hex(blake2b(prefixed).subarray(0, 32)));
  });
});

describe("argon2's block arithmetic", () => {
  it("takes the high half of 32×32-bit products exactly, at the extremes too", () => {
    const values = [0, 1, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x9e3779b9, 0x12345678];
    for (const a of values)
      for (const b of values) expect(mulHigh(a, b)).toBe(Number((BigInt(a) * BigInt(b)) >> 32n));
  });
});

describe("argon2: RFC 9106 section 5", () => {
  // password 32 × 0x01, salt 16 × 0x02, secret 8 × 0x03, associated data 12 × 0x04; m=32 KiB, t=3, p=4, 32-byte tag
  const input = {
    password: new Uint8Array(32).fill(1),
    salt: new Uint8Array(16).fill(2),
    secret: new Uint8Array(8).fill(3),
    associatedData: new Uint8Array(12).fill(4),
    tagLength: 32,
  };
  it.each([
    ["argon2d", 0x13, "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"],
    ["argon2i", 0x13, "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"],
    ["argon2id", 0x13, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"],
    // version 0x10, from the CFRG draft before the RFC
    ["argon2d", 0x10, "96a9d4e5a1734092c85e29f410a45914a5dd1f5cbf08b2670da68a0285abf32b"],
  ] as const)("%s version %i gives the published tag", async (type, version, tag) => {
    expect(hex(await argon2({ type, version, memory: 32, passes: 3, lanes: 4 }, input))).toBe(tag);
  });
});

describe("argon2 hashes as apps store them", () => {
  // PHC strings from the reference implementation (phc-winner-argon2): its README's CLI example and its test suite
  it.each([
    ["password", "$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"],
    ["password", "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"],
    ["password", "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["password", "$argon2i$v=19$m=256,t=2,p=2$c29tZXNhbHQ$T/XOJ2mh1/TIpJHfCdQan76Q5esCFVoT5MAeIM1Oq2E"],
    ["differentpassword", "$argon2i$m=65536,t=2,p=1$c29tZXNhbHQ$6ckCB0tnVFMaOgvlGeW69ASzDOabPwGsO/ISKZYBCaM"],
    ["password", "$argon2i$m=256,t=2,p=2$c29tZXNhbHQ$tsEVYKap1h6scGt5ovl9aLRGOqOth+AMB+KwHpDFZPs"],
    ["", "$argon2d$v=16$m=8,t=1,p=1$ICAgICAgICA$X54KZYxUSfMUihzebb70sKbheabHilo8gsUldrVU4IU"],
  ])("verifies %j against %s, asks for a re-hash, and refuses a one-letter change", async (password, stored) => {
    expect(isReadableHash(stored)).toBe(true);
    expect(await verifyPassword(stored, password)).toEqual({ ok: true, rehash: true });
    expect((await verifyPassword(stored, `${password}x`)).ok).toBe(false);
  }, 30_000);

  it("reads the version: v=19 is 0x13, no v= is 0x10, others are not argon2 hashes sekisho reads", () => {
    expect(readArgon2("$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc")?.params).toEqual({
      type: "argon2id",
      version: 0x13,
      memory: 256,
      passes: 2,
      lanes: 2,
    });
    expect(readArgon2("$argon2i$m=256,t=2,p=2$c29tZXNhbHQ$tsEVYKap1h6scGt5ovl9aLRGOqOth+AMB+KwHpDFZPs")?.params.version).toBe(0x10);
    expect(readArgon2("$argon2i$v=18$m=256,t=2,p=2$c29tZXNhbHQ$tsEVYKap1h6scGt5ovl9aLRGOqOth+AMB+KwHpDFZPs")).toBeUndefined();
  });

  it.each([
    ["a secret named by keyid", "$argon2i$v=19$m=65536,t=2,p=4,keyid=ABCD,data=EFGH$c29tZXNhbHQ$IMit9qkFULCMA/ViizL57cnTLOa5DiVM9eMwpAvPwr4"],
    ["a missing parameter", "$argon2id$v=19$m=256,t=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["less than 8 KiB per lane", "$argon2id$v=19$m=8,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["no passes", "$argon2id$v=19$m=256,t=0,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["a 3-byte tag", "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$AAAA"],
    ["another type", "$argon2ds$v=16$m=8,t=1,p=2$ICAgICAgICA$+6+yBnWbuV7mLs6rKMhvi+SLbkzb5CB6Jd2pSWuC/Kw"],
  ])("does not read a string with %s, and never matches it", async (_what, stored) => {
    expect(isReadableHash(stored)).toBe(false);
    expect(await verifyPassword(stored, "password")).toEqual({ ok: false, rehash: false });
  });
});

describe("the cost guard on imported argon2 hashes", () => {
  it.each([
    ["m=262145 KiB", "$argon2id$v=19$m=262145,t=1,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"],
    ["m=4 GiB", "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"],
    ["t=11", "$argon2id$v=19$m=256,t=11,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["t=4294967295", "$argon2id$v=19$m=256,t=4294967295,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
    ["p=65", "$argon2id$v=19$m=1040,t=1,p=65$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
  ])("refuses %s at once: unreadable for an import, no match and tooCostly at a sign-in", async (_what, stored) => {
    expect(isReadableHash(stored)).toBe(false);
    const started = performance.now();
    expect(await verifyPassword(stored, "password")).toEqual({ ok: false, rehash: false, tooCostly: true });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("reads a hash at the limits' edge (m=262144, t=10, p=64)", () => {
    expect(isReadableHash("$argon2id$v=19$m=262144,t=10,p=64$c29tZXNhbHQ$eP4eyR+zqlZX1y5xCFTkw9m5GYx0L5YWwvCFvtlbLow")).toBe(true);
  });
});
