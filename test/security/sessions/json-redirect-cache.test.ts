/**
 * A script's sign-in (`X-Auth-Return-Redirect`, as sekisho/client and server actions send) is answered
 * `200 {url}` instead of a 302, with the same Set-Cookie: the new session cookie. A 200 is cacheable by
 * default (RFC 9111 §4.2.2), so a shared cache could hand one user's session cookie to the next; the answer
 * says no-store, as the 302 it stands for does.
 */
import { describe, expect, it } from "vitest";
import { localClient, makeAuth } from "../../helpers/auth-client.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";

describe("the JSON answer that stands for a redirect", () => {
  it("carrying the session cookie of a sign-in, is not cacheable", async () => {
    const client = localClient(makeAuth().fetch);
    const response = await client.signIn(undefined, { "X-Auth-Return-Redirect": "1" });
    expect(response.status).toBe(200);
    expect(setCookiesOf(response).map((cookie) => cookie.name)).toContain("authjs.session-token");
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("for a GET route, is not cacheable either", async () => {
    const client = localClient(makeAuth({ pages: { signIn: "/login" } }).fetch);
    const response = await client.send("/signin?callbackUrl=%2Faccount", { headers: { "X-Auth-Return-Redirect": "1" } });
    expect(await response.json()).toEqual({ url: expect.stringMatching(/\/login\?callbackUrl=/) });
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });
});
