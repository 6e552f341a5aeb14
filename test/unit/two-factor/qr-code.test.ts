/**
 * The QR encoder against published facts (ISO/IEC 18004: generator polynomials, the format and version information
 * tables, the standard's own worked example), and read back by the independent reader in test/helpers for many
 * otpauth URIs of every length up to version 10.
 */
import { describe, expect, it } from "vitest";
import { codewords, versionFor } from "../../../src/two-factor/qr-codewords.js";
import { formatBits, qrMatrix, versionBits, type QrLevel } from "../../../src/two-factor/qr-matrix.js";
import { errorCorrection, generatorPolynomial } from "../../../src/two-factor/qr-reed-solomon.js";
import { qrSvg } from "../../../src/two-factor/qr-svg.js";
import { otpauthUri } from "../../../src/two-factor/totp.js";
import { encodeBase32 } from "../../../src/two-factor/base32.js";
import { decodeQr, modulesFromSvg, publishedFormatInformation, publishedVersionInformation } from "../../helpers/qr-decoder.js";

const levels: QrLevel[] = ["L", "M", "Q", "H"];

/** log_α of each coefficient, highest power first, as the tables of generator polynomials list them. */
function exponents(poly: Uint8Array): number[] {
  const log = new Map<number, number>();
  for (let i = 0, v = 1; i < 255; i++, v = v & 0x80 ? ((v << 1) ^ 0x11d) & 0xff : v << 1) log.set(v, i);
  return [...poly].map((c) => log.get(c) as number);
}

describe("Reed–Solomon", () => {
  it("builds the published generator polynomials (Annex A)", () => {
    expect(exponents(generatorPolynomial(7))).toEqual([0, 87, 229, 146, 149, 238, 102, 21]);
    expect(exponents(generatorPolynomial(10))).toEqual([0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45]);
  });

  it("gives the error-correction codewords of the standard's worked example, 01234567 at 1-M (Annex I)", () => {
    const data = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17];
    expect([...errorCorrection(new Uint8Array(data), 10)]).toEqual([165, 36, 212, 193, 237, 54, 199, 135, 44, 85]);
  });

  it("gives the error-correction codewords of HELLO WORLD at 1-M", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect([...errorCorrection(new Uint8Array(data), 10)]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });
});

describe("format and version information", () => {
  it("matches the published table for every level and mask", () => {
    for (const level of levels)
      for (let mask = 0; mask < 8; mask++)
        expect(formatBits(level, mask).toString(2).padStart(15, "0"), `${level}${mask}`).toBe(publishedFormatInformation[level][mask]);
  });

  it("matches the published version information of versions 7 to 10", () => {
    expect(versionBits(7).toString(2).padStart(18, "0")).toBe("000111110010010100");
    for (const version of [7, 8, 9, 10]) expect(versionBits(version)).toBe(publishedVersionInformation[version]);
  });
});

describe("the symbol", () => {
  it("puts a short byte string in the smallest version, and refuses what version 10 cannot hold", () => {
    expect(versionFor(14, "M")).toBe(1);
    expect(versionFor(15, "M")).toBe(2);
    expect(versionFor(213, "M")).toBe(10);
    expect(versionFor(214, "M")).toBeNull();
    expect(() => qrMatrix("x".repeat(400))).toThrow(/do not fit a version 10 QR code at level M/);
  });

  it("begins the codewords with the byte-mode header and ends the data with the pad bytes", () => {
    const words = codewords(new TextEncoder().encode("hi"), 1, "M");
    expect(words).toHaveLength(26);
    expect([...words.subarray(0, 4)]).toEqual([0x40, 0x26, 0x86, 0x90]);
    expect([...words.subarray(4, 16)]).toEqual([0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11]);
  });

  it("reads back, through the independent reader, for otpauth URIs of every length up to version 10 and every level", () => {
    const seen = new Set<string>();
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const word = (n: number) => Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyzé日本+ &?=%@."[Math.floor(random() * 37)]).join("");
    const capacity: Record<QrLevel, number> = { L: 271, M: 213, Q: 151, H: 119 };
    for (let i = 0; i < 200; i++) {
      const level = levels[i % 4];
      const secret = encodeBase32(crypto.getRandomValues(new Uint8Array(20)));
      const uri = otpauthUri(secret, word(1 + Math.floor(random() * 30)), `${word(1 + Math.floor(random() * 40))}@example.com`);
      // Lengths spread over the level's whole range, versions 1 to 10.
      const length = 1 + Math.floor((i / 200) * capacity[level] * 1.05);
      const text = `${uri}&${word(300)}`.slice(0, length);
      if (versionFor(new TextEncoder().encode(text).length, level) === null) continue;
      const matrix = qrMatrix(text, level);
      const decoded = decodeQr(matrix.modules);
      expect(decoded).toEqual({ text, version: matrix.version, level, mask: matrix.mask });
      seen.add(`v${matrix.version}`);
      seen.add(`m${matrix.mask}`);
    }
    // The run covered small and large versions and several masks.
    for (let v = 1; v <= 10; v++) expect(seen).toContain(`v${v}`);
    expect([...seen].filter((s) => s.startsWith("m")).length).toBeGreaterThanOrEqual(5);
  });

  it("reads back the full capacity of version 10 at level M", () => {
    const text = "A".repeat(213);
    const matrix = qrMatrix(text);
    expect(matrix.version).toBe(10);
    expect(decodeQr(matrix.modules).text).toBe(text);
  });

  it("is caught by the reader when one module of the data area flips beyond repair of a single check", () => {
    const { modules } = qrMatrix("otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example");
    const flipped = modules.map((row) => [...row]);
    flipped[modules.length - 1][modules.length - 1] = !flipped[modules.length - 1][modules.length - 1];
    expect(() => decodeQr(flipped)).toThrow(/Reed–Solomon/);
  });
});

describe("the SVG", () => {
  const uri = "otpauth://totp/Example:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example";
  const svg = qrSvg(uri, { label: `Scan "this" <code>` });

  it("is one svg with a white square and one path of the dark modules, with a quiet zone of four", () => {
    const side = qrMatrix(uri).size + 8;
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${side} ${side}"[^>]*><rect width="${side}" height="${side}" fill="#fff"/><path fill="currentColor" d="[^"]+"/></svg>$`));
    expect(svg.match(/<path/g)).toHaveLength(1);
    expect(svg).toContain('d="M4 4h7v1h-7z');
  });

  it("is an image with its label escaped, and loads nothing", () => {
    expect(svg).toContain('role="img" aria-label="Scan &quot;this&quot; &lt;code&gt;"');
    expect(svg).not.toMatch(/href|url\(|<script|style=/);
  });

  it("draws exactly the matrix's dark modules", () => {
    expect(modulesFromSvg(svg)).toEqual(qrMatrix(uri).modules);
  });
});
