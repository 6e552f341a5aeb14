import { describe, expect, it } from "vitest";
import { CHUNK_SIZE, clearChunked, readChunked, writeChunked, type OutCookie } from "../../../src/http/cookies.js";
// The reference's session store, reached by path: its package exports do not expose it.
import { SessionStore } from "../../../node_modules/@auth/core/lib/utils/cookie.js";

const name = "authjs.session-token";
const attrs = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: false };
const silent = { debug() {}, error() {}, warn() {} };

/** The cookies a browser holds after applying `set` to `jar`. */
function apply(jar: Record<string, string>, set: OutCookie[]): Record<string, string> {
  const next = { ...jar };
  for (const cookie of set) {
    if (cookie.options.maxAge === 0) delete next[cookie.name];
    else next[cookie.name] = cookie.value;
  }
  return next;
}

function text(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
  return Array.from({ length }, (_, i) => alphabet[(i * 7 + (i >> 6)) % alphabet.length]).join("");
}

describe("chunked cookies", () => {
  it("splits at 3936 characters", () => {
    expect(CHUNK_SIZE).toBe(3936);
    expect(writeChunked(name, text(3936), attrs, {}).map((c) => c.name)).toEqual([name]);
    expect(writeChunked(name, text(3937), attrs, {}).map((c) => [c.name, c.value.length])).toEqual([
      [`${name}.0`, 3936],
      [`${name}.1`, 1],
    ]);
  });

  it("round-trips a 10,000-character value in three chunks", () => {
    const value = text(10_000);
    const set = writeChunked(name, value, attrs, {});
    expect(set.map((c) => c.name)).toEqual([`${name}.0`, `${name}.1`, `${name}.2`]);
    expect(set.every((c) => c.options === attrs)).toBe(true);
    expect(readChunked(apply({}, set), name)).toBe(value);
  });

  it("cuts chunks exactly where @auth/core does", () => {
    for (const length of [100, 3936, 3937, 7872, 7873, 10_000, 20_000]) {
      const value = text(length);
      const ours = writeChunked(name, value, attrs, {}).map((c) => [c.name, c.value]);
      const store = new SessionStore({ name, options: attrs }, {}, silent);
      const theirs = store.chunk(value, {}).map((c) => [c.name, c.value]);
      expect(ours, `length ${length}`).toEqual(theirs);
    }
  });

  it("joins chunks in numeric order whatever the header order", () => {
    const value = text(40_000);
    const jar = apply({}, writeChunked(name, value, attrs, {}));
    expect(Object.keys(jar)).toContain(`${name}.10`);
    const shuffled = Object.fromEntries(Object.entries(jar).reverse());
    expect(readChunked(shuffled, name)).toBe(value);
  });

  it("reads only name and name.<n>: not name.x, namefoo or a longer name", () => {
    const cookies = { [`${name}.x`]: "x", [`${name}foo`]: "foo", [`${name}.0.1`]: "y", [`${name}-2.0`]: "z" };
    expect(readChunked(cookies, name)).toBeUndefined();
    expect(readChunked({ ...cookies, [`${name}.0`]: "A", [`${name}.1`]: "B" }, name)).toBe("AB");
    expect(readChunked({ ...cookies, [name]: "whole" }, name)).toBe("whole");
  });

  it("a whole cookie beside chunks is no value, whichever of the two came from elsewhere", () => {
    expect(readChunked({ [name]: "whole", [`${name}.0`]: "A", [`${name}.1`]: "B" }, name)).toBeUndefined();
    expect(readChunked({ [`${name}.0`]: "A", [`${name}.1`]: "B", [name]: "whole" }, name)).toBeUndefined();
  });

  it("returns undefined when there is nothing, or only empty values", () => {
    expect(readChunked({}, name)).toBeUndefined();
    expect(readChunked({ [name]: "" }, name)).toBeUndefined();
    expect(readChunked({ [`${name}.0`]: "" }, name)).toBeUndefined();
  });

  it("does not read inherited properties as cookies", () => {
    expect(readChunked({}, "constructor")).toBeUndefined();
    expect(readChunked({}, "__proto__")).toBeUndefined();
  });

  it("expires chunks a shorter value no longer uses", () => {
    const jar = apply({}, writeChunked(name, text(10_000), attrs, {}));
    const set = writeChunked(name, text(5000), attrs, jar);
    expect(set.map((c) => [c.name, c.options.maxAge])).toEqual([
      [`${name}.0`, undefined],
      [`${name}.1`, undefined],
      [`${name}.2`, 0],
    ]);
    const expired = set[2];
    expect(expired.value).toBe("");
    expect(expired.options).toEqual({ ...attrs, maxAge: 0 });
    const after = apply(jar, set);
    expect(readChunked(after, name)).toBe(text(5000));
  });

  it("expires the chunks when the value fits one cookie again, and the whole cookie when it no longer does", () => {
    const chunkedJar = apply({}, writeChunked(name, text(8000), attrs, {}));
    const toWhole = writeChunked(name, "short", attrs, chunkedJar);
    expect(toWhole.filter((c) => c.options.maxAge === 0).map((c) => c.name).sort()).toEqual([
      `${name}.0`,
      `${name}.1`,
      `${name}.2`,
    ]);
    expect(apply(chunkedJar, toWhole)).toEqual({ [name]: "short" });

    const wholeJar = { [name]: "short", unrelated: "keep" };
    const toChunks = writeChunked(name, text(5000), attrs, wholeJar);
    expect(toChunks.filter((c) => c.options.maxAge === 0).map((c) => c.name)).toEqual([name]);
    expect(readChunked(apply(wholeJar, toChunks), name)).toBe(text(5000));
  });

  it("never expires cookies that only share a prefix", () => {
    const jar = { [`${name}.x`]: "1", [`${name}foo`]: "2", other: "3", [`${name}.1`]: "4" };
    const set = writeChunked(name, "v", attrs, jar);
    expect(set.map((c) => c.name).sort()).toEqual([name, `${name}.1`]);
  });

  it("drops Expires from expiring entries so Max-Age=0 is not contradicted", () => {
    const withExpiry = { ...attrs, expires: new Date(Date.now() + 60_000) };
    const [, expired] = writeChunked(name, "v", withExpiry, { [`${name}.0`]: "a" });
    expect(expired.options).toEqual({ ...attrs, maxAge: 0 });
  });

  it("clears the cookie and all its chunks", () => {
    const jar = { ...apply({}, writeChunked(name, text(9000), attrs, {})), [`${name}foo`]: "keep" };
    const set = clearChunked(name, attrs, jar);
    expect(set.map((c) => c.name).sort()).toEqual([name, `${name}.0`, `${name}.1`, `${name}.2`]);
    expect(set.every((c) => c.value === "" && c.options.maxAge === 0)).toBe(true);
    expect(apply(jar, set)).toEqual({ [`${name}foo`]: "keep" });
    expect(clearChunked(name, attrs, {}).map((c) => c.name)).toEqual([name]);
  });
});
