import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64url, encodeBase64url } from "../../../src/crypto.js";

describe("base64url", () => {
  it("matches Node's encoder and round-trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(decodeBase64url(text)).toEqual(bytes);
      }),
    );
  });

  it("never throws on arbitrary text, and what it accepts re-encodes to the same text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const bytes = decodeBase64url(text);
        if (bytes) expect(encodeBase64url(bytes)).toBe(text);
      }),
    );
  });

  it("rejects padding, the standard alphabet, stray characters and impossible lengths", () => {
    for (const bad of ["QQ==", "a+b/", "ab cd", "abcde", "A", "é123", "ab\ncd"]) {
      expect(decodeBase64url(bad), bad).toBeUndefined();
    }
  });

  it("rejects non-zero trailing bits", () => {
    expect(decodeBase64url("QQ")).toEqual(new Uint8Array([0x41]));
    expect(decodeBase64url("QR")).toBeUndefined();
    expect(decodeBase64url("QUE")).toEqual(new Uint8Array([0x41, 0x41]));
    expect(decodeBase64url("QUF")).toBeUndefined();
  });
});
