import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "../../../src/http/cookies.js";

/** Characters that matter to a cookie parser, plus arbitrary ones. */
const cookieish = fc.oneof(
  fc.constantFrom(";", "=", "%", " ", "\t", '"', ",", "a", "b", "0", "E", "F", "\ud800", "🙂"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);

describe("parseCookies", () => {
  it("reads name=value pairs, trimming spaces and tabs", () => {
    expect({ ...parseCookies("a=1; b=two;\tc = 3 ;d=") }).toEqual({ a: "1", b: "two", c: "3", d: "" });
  });

  it("returns an empty record for no header", () => {
    expect(Object.keys(parseCookies(null))).toEqual([]);
    expect(Object.keys(parseCookies(""))).toEqual([]);
  });

  it("keeps the first of duplicate names", () => {
    expect(parseCookies("a=first; a=second").a).toBe("first");
  });

  it("skips pairs without = and empty names", () => {
    expect({ ...parseCookies("flag; =orphan; ;; a=1; = ; b=2") }).toEqual({ a: "1", b: "2" });
  });

  it("percent-decodes values, and keeps malformed encodings as sent", () => {
    const cookies = parseCookies("a=%7C; b=%E0%A4%A; c=100%; d=%ZZ; e=%F0%9F%99%82");
    expect({ ...cookies }).toEqual({ a: "|", b: "%E0%A4%A", c: "100%", d: "%ZZ", e: "🙂" });
  });

  it("keeps values containing = and quotes", () => {
    expect({ ...parseCookies('a=b=c; q="x"') }).toEqual({ a: "b=c", q: '"x"' });
  });

  it("cannot be steered by prototype names", () => {
    const cookies = parseCookies("__proto__=x; constructor=y; toString=z");
    expect(cookies.__proto__).toBe("x");
    expect(cookies.constructor).toBe("y");
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string({ unit: cookieish, maxLength: 200 }), (header) => {
        const cookies = parseCookies(header);
        for (const [name, value] of Object.entries(cookies)) {
          expect(name.length).toBeGreaterThan(0);
          expect(typeof value).toBe("string");
        }
      }),
    );
  });
});

describe("serializeCookie", () => {
  it("writes every attribute", () => {
    const expires = new Date("2030-01-02T03:04:05Z");
    const header = serializeCookie("__Secure-authjs.session-token", "abc.def", {
      maxAge: 3600,
      domain: "example.com",
      path: "/",
      expires,
      httpOnly: true,
      secure: true,
      sameSite: "lax",
    });
    expect(header).toBe(
      "__Secure-authjs.session-token=abc.def; Max-Age=3600; Domain=example.com; Path=/; " +
        "Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("writes only what is set, and SameSite Strict and None", () => {
    expect(serializeCookie("a", "1", {})).toBe("a=1");
    expect(serializeCookie("a", "1", { sameSite: "strict", maxAge: 0 })).toBe("a=1; Max-Age=0; SameSite=Strict");
    expect(serializeCookie("a", "1", { sameSite: "none", secure: true })).toBe("a=1; Secure; SameSite=None");
  });

  it("percent-encodes values so parseCookies returns them unchanged", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const header = serializeCookie("v", value, { path: "/" });
        const pair = header.split("; ")[0];
        expect(pair).toMatch(/^v=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/);
        expect(parseCookies(pair).v).toBe(value);
      }),
    );
    expect(serializeCookie("csrf", "token|hash", {})).toBe("csrf=token%7Chash");
  });

  it("rejects invalid names, values and attributes", () => {
    for (const name of ["", "a b", "a;b", "a=b", "a,b", "é", "a\nb"]) {
      expect(() => serializeCookie(name, "v"), JSON.stringify(name)).toThrow(TypeError);
    }
    expect(() => serializeCookie("a", "\ud800")).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { maxAge: 1.5 })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { domain: "evil.com; Secure" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { domain: "-bad-.com" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { path: "/; Domain=evil.com" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { path: "/\n" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { expires: new Date("nope") })).toThrow(TypeError);
    expect(() => serializeCookie("a", "1", { sameSite: "always" as "lax" })).toThrow(TypeError);
  });

  it("accepts a leading-dot domain", () => {
    expect(serializeCookie("a", "1", { domain: ".example.com" })).toBe("a=1; Domain=.example.com");
  });
});
