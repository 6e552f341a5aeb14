import { getToken as referenceGetToken, encode as referenceEncode } from "@auth/core/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeChunked } from "../../../src/http/cookies.js";
import { encode, getToken } from "../../../src/jwt.js";

const secret = "get-token-secret-get-token-secret";
const name = "authjs.session-token";
const secureName = "__Secure-authjs.session-token";
const payload = { sub: "user-1", name: "Ada" };

function request(headers: Record<string, string>, url = "http://localhost:3000/api/me") {
  return new Request(url, { headers });
}

beforeEach(() => {
  for (const variable of ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL"]) vi.stubEnv(variable, "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("getToken", () => {
  it("reads the session cookie", async () => {
    const token = await encode({ token: payload, secret, salt: name });
    const req = request({ cookie: `other=1; ${name}=${token}` });
    expect(await getToken({ req, secret })).toMatchObject(payload);
  });

  it("reads a chunked session cookie, as written by writeChunked and as @auth/core reads it", async () => {
    const token = await encode({ token: { ...payload, blob: "x".repeat(6000) }, secret, salt: name });
    const chunks = writeChunked(name, token, {}, {});
    expect(chunks.length).toBeGreaterThan(1);
    const cookie = chunks.map((c) => `${c.name}=${c.value}`).reverse().join("; ");
    expect(await getToken({ req: request({ cookie }), secret })).toMatchObject(payload);
    expect(await referenceGetToken({ req: request({ cookie }), secret })).toMatchObject(payload);
  });

  it("falls back to Authorization: Bearer when there is no cookie", async () => {
    const token = await encode({ token: payload, secret, salt: name });
    expect(await getToken({ req: request({ authorization: `Bearer ${token}` }), secret })).toMatchObject(payload);
    expect(await getToken({ req: request({ authorization: `bearer ${encodeURIComponent(token)}` }), secret })).toMatchObject(payload);
  });

  it("prefers the cookie over the Authorization header", async () => {
    const fromCookie = await encode({ token: { sub: "cookie" }, secret, salt: name });
    const fromHeader = await encode({ token: { sub: "header" }, secret, salt: name });
    const req = request({ cookie: `${name}=${fromCookie}`, authorization: `Bearer ${fromHeader}` });
    expect(await getToken({ req, secret })).toMatchObject({ sub: "cookie" });
  });

  it("returns null, never throws, for a malformed Authorization header or token", async () => {
    for (const authorization of ["Bearer", "Bearer ", "Bearer %E0%A4%A", "Bearer a b", "Basic dXNlcjpwYXNz", "Bearer not.a.jwe", "Bearer ....", "Bearer%20x"]) {
      expect(await getToken({ req: request({ authorization }), secret }), authorization).toBeNull();
    }
  });

  it("returns null for an undecryptable cookie or one under another secret", async () => {
    const token = await encode({ token: payload, secret: "another-secret", salt: name });
    expect(await getToken({ req: request({ cookie: `${name}=${token}` }), secret })).toBeNull();
    expect(await getToken({ req: request({ cookie: `${name}=%E0%A4%A` }), secret })).toBeNull();
    expect(await getToken({ req: request({}), secret })).toBeNull();
  });

  it("returns the token string with raw, without needing a secret", async () => {
    const token = await encode({ token: payload, secret, salt: name });
    expect(await getToken({ req: request({ cookie: `${name}=${token}` }), raw: true })).toBe(token);
    expect(await getToken({ req: request({ authorization: `Bearer ${token}` }), raw: true })).toBe(token);
    expect(await getToken({ req: request({}), raw: true })).toBeNull();
  });

  it("uses the __Secure- cookie name and salt on https", async () => {
    const token = await referenceEncode({ token: payload, secret, salt: secureName });
    const cookie = `${secureName}=${token}`;
    expect(await getToken({ req: request({ cookie }, "https://example.com/api"), secret })).toMatchObject(payload);
    expect(await getToken({ req: request({ cookie }), secret })).toBeNull();
    expect(await getToken({ req: request({ cookie }), secret, secureCookie: true })).toMatchObject(payload);
    vi.stubEnv("AUTH_URL", "https://example.com");
    expect(await getToken({ req: request({ cookie }), secret })).toMatchObject(payload);
  });

  it("honours cookieName and salt", async () => {
    const token = await encode({ token: payload, secret, salt: "custom-salt" });
    const req = request({ cookie: `my-session=${token}` });
    expect(await getToken({ req, secret, cookieName: "my-session", salt: "custom-salt" })).toMatchObject(payload);
    expect(await getToken({ req, secret, cookieName: "my-session" })).toBeNull();
  });

  it("takes the secret from AUTH_SECRET, and throws MissingSecret when there is none", async () => {
    const token = await encode({ token: payload, secret, salt: name });
    const req = request({ cookie: `${name}=${token}` });
    await expect(getToken({ req })).rejects.toMatchObject({ type: "MissingSecret" });
    vi.stubEnv("AUTH_SECRET", secret);
    expect(await getToken({ req })).toMatchObject(payload);
  });

  it("accepts a plain record of headers, with any case and array values", async () => {
    const token = await encode({ token: payload, secret, salt: name });
    expect(await getToken({ req: { headers: { Cookie: `${name}=${token}` } }, secret })).toMatchObject(payload);
    expect(await getToken({ req: { headers: { cookie: ["a=1", `${name}=${token}`] } }, secret })).toMatchObject(payload);
    expect(await getToken({ req: { headers: { authorization: `Bearer ${token}` } }, secret })).toMatchObject(payload);
    expect(await getToken({ req: { headers: { authorization: [`Bearer ${token}`, "Bearer x"] } }, secret })).toBeNull();
    expect(await getToken({ req: { headers: {} }, secret })).toBeNull();
  });

  it("uses a custom decode", async () => {
    const req = request({ cookie: `${name}=opaque` });
    const decode = vi.fn(async () => ({ sub: "custom" }));
    expect(await getToken({ req, secret, decode })).toEqual({ sub: "custom" });
    expect(decode).toHaveBeenCalledWith({ token: "opaque", secret, salt: name });
  });
});
