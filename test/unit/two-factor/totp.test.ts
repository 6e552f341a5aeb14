import { describe, expect, it } from "vitest";
import { decodeBase32, encodeBase32 } from "../../../src/two-factor/base32.js";
import { backupCodeHash, newBackupCodes, normalizeBackupCode } from "../../../src/two-factor/backup-codes.js";
import { openSeed, sealSeed } from "../../../src/two-factor/seed-cipher.js";
import { hotp, matchingStep, otpauthUri, totpCode } from "../../../src/two-factor/totp.js";

const rfcKey = new TextEncoder().encode("12345678901234567890");

describe("TOTP", () => {
  it("gives RFC 6238 Appendix B's SHA-1 values", async () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(await totpCode(rfcKey, seconds * 1000, { digits: 8 })).toBe(code);
  });

  it("gives RFC 4226 Appendix D's HOTP values", async () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    for (const [counter, code] of expected.entries()) expect(await hotp(rfcKey, counter)).toBe(code);
  });

  it("accepts the step before and after now, and no further", async () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30000);
    for (const offset of [-1, 0, 1]) expect(await matchingStep(rfcKey, await hotp(rfcKey, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(await matchingStep(rfcKey, await hotp(rfcKey, step + offset), now)).toBeNull();
  });

  it("refuses a code of a step already used, and shapes other than six digits", async () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30000);
    const code = await hotp(rfcKey, step);
    expect(await matchingStep(rfcKey, code, now, step)).toBeNull();
    expect(await matchingStep(rfcKey, code, now, step - 1)).toBe(step);
    for (const shape of ["", "12345", "1234567", "12345a", " 123456", `${code}\n`]) expect(await matchingStep(rfcKey, shape, now)).toBeNull();
  });

  it("writes the otpauth URI authenticator apps read", () => {
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "Example Co", "alice@example.com")).toBe(
      "otpauth://totp/Example%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example%20Co",
    );
  });
});

describe("base32", () => {
  it("encodes RFC 4648's test vectors without padding, and decodes them back", () => {
    const vectors = ["", "MY", "MZXQ", "MZXW6", "MZXW6YQ", "MZXW6YTB", "MZXW6YTBOI"];
    for (const [length, encoded] of vectors.entries()) {
      const bytes = new TextEncoder().encode("foobar".slice(0, length));
      expect(encodeBase32(bytes)).toBe(encoded);
      expect(decodeBase32(encoded)).toEqual(bytes);
    }
    expect(decodeBase32("MZXW6===")).toEqual(new TextEncoder().encode("foo"));
    expect(decodeBase32("MZ1W6")).toBeNull();
  });
});

describe("seed at rest", () => {
  const seed = crypto.getRandomValues(new Uint8Array(20));

  it("is encrypted: the stored text holds no form of the seed, and opens with the secret", async () => {
    const stored = await sealSeed(seed, ["secret-one"], "user-1");
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(encodeBase32(seed));
    expect(stored).not.toContain(Buffer.from(seed).toString("base64url"));
    expect(await openSeed(stored, ["secret-one"], "user-1")).toEqual(seed);
  });

  it("opens under a rotated secret list, and not under another secret or for another user", async () => {
    const stored = await sealSeed(seed, ["old"], "user-1");
    expect(await openSeed(stored, ["new", "old"], "user-1")).toEqual(seed);
    expect(await openSeed(stored, ["new"], "user-1")).toBeNull();
    expect(await openSeed(stored, ["old"], "user-2")).toBeNull();
    expect(await openSeed(`${stored}x`, ["old"], "user-1")).toBeNull();
    expect(await openSeed("v2.a.b", ["old"], "user-1")).toBeNull();
  });

  it("is sealed with a fresh IV each time", async () => {
    expect(await sealSeed(seed, ["s"], "u")).not.toBe(await sealSeed(seed, ["s"], "u"));
  });
});

describe("backup codes", () => {
  it("are distinct, 10 characters in two groups, and read back however they are typed", () => {
    const codes = newBackupCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect(normalizeBackupCode(code.toUpperCase().replace("-", " "))).toBe(code.replace("-", ""));
    }
    expect(normalizeBackupCode("abc")).toBeNull();
    expect(normalizeBackupCode("abcde-fghiu")).toBeNull();
  });

  it("are stored as a keyed hash that names neither the code nor works under another secret", async () => {
    const hash = await backupCodeHash("abcde12345", "secret");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("abcde12345");
    expect(await backupCodeHash("abcde12345", "other")).not.toBe(hash);
  });
});
