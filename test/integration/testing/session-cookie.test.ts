/**
 * `sessionCookie` from sekisho/testing: the cookie it makes is read as a signed-in session by a real
 * sekisho app and by the reference `@auth/core`, on http and https, chunked or not.
 */
import { Auth as ReferenceAuth, type AuthConfig as ReferenceConfig } from "@auth/core";
import { describe, expect, it } from "vitest";
import { CHUNK_SIZE } from "../../../src/http/cookies.js";
import { MissingSecret } from "../../../src/index.js";
import { getToken } from "../../../src/jwt.js";
import { sessionCookie, type SessionCookieOptions } from "../../../src/testing.js";
import { alice, localClient, makeAuth, quietLogger, secret } from "../../helpers/auth-client.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";

const http = "http://localhost:3000";
const https = "https://app.example.com";
const user = { id: alice.id, name: alice.name, email: alice.email, image: alice.image };
const shownUser = { name: alice.name, email: alice.email, image: alice.image };

const referenceConfig: ReferenceConfig = { secret, trustHost: true, basePath: "/auth", providers: [], logger: quietLogger };

/** GET /auth/session from an app, with `cookie` as the Cookie header. */
async function sessionFrom(fetch: (request: Request) => Response | Promise<Response>, site: string, cookie: string) {
  const response = await fetch(new Request(`${site}/auth/session`, { headers: { cookie } }));
  expect(response.status).toBe(200);
  return { body: await response.json(), setCookies: response.headers.getSetCookie() };
}

const reference = (config: Partial<ReferenceConfig> = {}) => (request: Request) =>
  ReferenceAuth(request, { ...referenceConfig, ...config }) as Promise<Response>;

describe("sessionCookie", () => {
  it("is a signed-in session for sekisho's /session and auth(), and for @auth/core", async () => {
    const cookie = await sessionCookie({ secret, user });
    expect(cookie.name).toBe("authjs.session-token");
    expect(cookie.cookies).toEqual([{ name: cookie.name, value: cookie.value }]);
    expect(cookie.header).toBe(`authjs.session-token=${cookie.value}`);

    const auth = makeAuth();
    const ours = await sessionFrom(auth.fetch, http, cookie.header);
    expect(ours.body).toMatchObject({ user: shownUser });
    expect(ours.setCookies).toEqual([]);
    expect((await auth.auth(new Request(`${http}/dashboard`, { headers: { cookie: cookie.header } })))?.user).toEqual(shownUser);

    const theirs = await sessionFrom(reference(), http, cookie.header);
    expect(theirs.body).toMatchObject({ user: shownUser });
  });

  it("starts from the token sign-in gives the jwt callback, and getToken reads it", async () => {
    const cookie = await sessionCookie({ secret, user });
    const token = await getToken({ req: new Request(`${http}/api`, { headers: { cookie: cookie.header } }), secret });
    expect(token).toMatchObject({ name: alice.name, email: alice.email, picture: alice.image, sub: alice.id });
    expect(token!.exp! - token!.iat!).toBe(30 * 24 * 60 * 60);
  });

  it("carries a whole token, custom claims included, to the session callback", async () => {
    const cookie = await sessionCookie({ secret, token: { sub: alice.id, email: alice.email, role: "admin" } });
    const withRole = { callbacks: { session: ({ session, token }: any) => ({ ...session, role: token.role }) } };
    expect((await sessionFrom(makeAuth(withRole).fetch, http, cookie.header)).body).toMatchObject({ role: "admin" });
    expect((await sessionFrom(reference(withRole), http, cookie.header)).body).toMatchObject({ role: "admin" });
  });

  it("with secureCookie, has the __Secure- name and is read on an https origin", async () => {
    const cookie = await sessionCookie({ secret, user, secureCookie: true });
    expect(cookie.name).toBe("__Secure-authjs.session-token");
    expect((await sessionFrom(makeAuth().fetch, https, cookie.header)).body).toMatchObject({ user: shownUser });
    expect((await sessionFrom(reference(), https, cookie.header)).body).toMatchObject({ user: shownUser });
    // On http the app looks for the plain name, so this cookie is not its session.
    expect(await makeAuth().auth(new Request(`${http}/`, { headers: { cookie: cookie.header } }))).toBeNull();
  });

  it("splits a large token into chunks, as sign-in does, and both libraries join them", async () => {
    const blob = "q".repeat(9000);
    const signInToken = { name: alice.name, email: alice.email, picture: alice.image, sub: alice.id };
    const cookie = await sessionCookie({ secret, token: { ...signInToken, blob } });
    expect(cookie.cookies.length).toBeGreaterThan(1);
    expect(cookie.cookies.map((each) => each.name)).toEqual(cookie.cookies.map((_, i) => `authjs.session-token.${i}`));
    expect(cookie.cookies.map((each) => each.value).join("")).toBe(cookie.value);
    expect(cookie.cookies.every((each) => each.value.length <= CHUNK_SIZE)).toBe(true);
    expect(cookie.header).toBe(cookie.cookies.map((each) => `${each.name}=${each.value}`).join("; "));

    const withBlob = { callbacks: { session: ({ session, token }: any) => ({ ...session, blob: token.blob.length }) } };
    expect((await sessionFrom(makeAuth(withBlob).fetch, http, cookie.header)).body).toMatchObject({ user: shownUser, blob: 9000 });
    expect((await sessionFrom(reference(withBlob), http, cookie.header)).body).toMatchObject({ user: shownUser, blob: 9000 });

    // A real sign-in whose jwt callback adds the same claim sets cookies of the same names.
    const client = localClient(makeAuth({ callbacks: { jwt: ({ token }) => ({ ...token, blob }) } }).fetch);
    const signIn = await client.signIn();
    const issued = setCookiesOf(signIn).filter((each) => each.name.startsWith("authjs.session-token"));
    expect(issued.map((each) => each.name)).toEqual(cookie.cookies.map((each) => each.name));
  });

  it("encrypts with the newest of several secrets, which an app rotating them reads", async () => {
    const cookie = await sessionCookie({ secret: ["new-secret-0123456789abcdef0123456789", secret], user });
    const rotating = makeAuth({ secret: ["new-secret-0123456789abcdef0123456789", secret] });
    expect((await sessionFrom(rotating.fetch, http, cookie.header)).body).toMatchObject({ user: shownUser });
    expect(await makeAuth().auth(new Request(`${http}/`, { headers: { cookie: cookie.header } }))).toBeNull();
  });

  it("uses the app's own cookie name, as the key's salt too", async () => {
    const cookie = await sessionCookie({ secret, user, cookieName: "app-session" });
    expect(cookie.header.startsWith("app-session=")).toBe(true);
    const renamed = { cookies: { sessionToken: { name: "app-session", options: { httpOnly: true, sameSite: "lax" as const, path: "/" } } } };
    expect((await sessionFrom(makeAuth(renamed).fetch, http, cookie.header)).body).toMatchObject({ user: shownUser });
    expect((await sessionFrom(reference(renamed), http, cookie.header)).body).toMatchObject({ user: shownUser });
  });

  it("expires after maxAge; zero or less gives a session the app refuses", async () => {
    const before = Date.now();
    const short = await sessionCookie({ secret, user, maxAge: 60 });
    expect(short.expires.valueOf()).toBeGreaterThanOrEqual(before + 60_000);
    expect(short.expires.valueOf()).toBeLessThanOrEqual(Date.now() + 60_000);

    const expired = await sessionCookie({ secret, user, maxAge: -3600 });
    expect(await makeAuth().auth(new Request(`${http}/`, { headers: { cookie: expired.header } }))).toBeNull();
    expect((await sessionFrom(reference(), http, expired.header)).body).toBeNull();
  });

  describe("refuses bad input with a clear error", () => {
    const call = (options: unknown) => sessionCookie(options as SessionCookieOptions);

    it.each([
      ["no secret", { user }],
      ["an empty secret", { secret: "", user }],
      ["an empty secret among several", { secret: [secret, ""], user }],
      ["an empty list of secrets", { secret: [], user }],
    ])("%s: MissingSecret", async (_case, options) => {
      const error = await call(options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MissingSecret);
      expect((error as Error).message).toMatch(/^sessionCookie: pass `secret`/);
    });

    it.each([
      ["no options", undefined, /needs an options object/],
      ["neither user nor token", { secret }, /pass `user` .* or `token`/],
      ["both user and token", { secret, user, token: {} }, /not both/],
      ["a user that is not an object", { secret, user: "alice" }, /pass `user`/],
      ["maxAge not a number", { secret, user, maxAge: Number.NaN }, /maxAge must be a number of seconds; got NaN/],
      ["an empty cookieName", { secret, user, cookieName: "" }, /cookieName must be the app's session cookie name/],
      ["a cookieName that is not a cookie name", { secret, user, cookieName: "my session" }, /not a valid token/],
    ])("%s: TypeError", async (_case, options, message) => {
      const error = await call(options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(message);
    });
  });
});
