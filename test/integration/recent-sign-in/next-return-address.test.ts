/**
 * `requireRecentSignIn()` of sekisho/next in a server action or component, where Next.js gives the headers but
 * neither the URL nor the method: a stale session is sent to sign in again and must come back to the page the user
 * was on, not to the site's root.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies/index.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import NextAuth from "../../../shims/next/index.js";
import { credentialsProvider, localClient, origin, quietLogger } from "../../helpers/auth-client.js";

const incoming = { headers: new Headers(), jar: new RequestCookies(new Headers()) };

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => incoming.jar,
}));

/** Next.js's redirect() ends the action or render by throwing. */
class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect to ${url}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
}));

afterEach(() => {
  vi.useRealTimers();
});

const nextAuth = NextAuth({
  secret: "next-return-address-secret-0123456789abcdefgh",
  providers: [credentialsProvider()],
  logger: quietLogger,
  trustHost: true,
});

/** Alice's session cookie, signed in `age` seconds ago. */
async function staleCookie(age = 601): Promise<string> {
  const client = localClient((request) => nextAuth.handlers.POST(request as never), "/api/auth");
  await client.signIn();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + age * 1000);
  return client.jar.header();
}

/** What Next.js hands the shim for one request: its headers and cookies. */
function serve(headers: Record<string, string>, cookie: string) {
  incoming.headers = new Headers({ host: "localhost:3000", cookie, ...headers });
  incoming.jar = new RequestCookies(new Headers({ cookie }));
}

/** Where the refusal sends the user, and where they come back to after signing in. */
async function refusal(options?: { returnTo?: string }) {
  const thrown = await nextAuth.requireRecentSignIn(options).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Redirected);
  const url = new URL((thrown as Redirected).url, origin);
  return { page: url.pathname, error: url.searchParams.get("error"), callbackUrl: url.searchParams.get("callbackUrl") };
}

describe("sekisho/next requireRecentSignIn() without a request", () => {
  it("a server action called from the page comes back to that page, its Referer", async () => {
    serve(
      { "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8", referer: `${origin}/settings/danger`, accept: "text/x-component" },
      await staleCookie(),
    );
    expect(await refusal()).toEqual({
      page: "/api/auth/signin",
      error: "RecentSignInRequired",
      callbackUrl: `${origin}/settings/danger`,
    });
  });

  it("a server action posted by a form without JavaScript comes back to the form's page", async () => {
    serve({ "content-type": "multipart/form-data; boundary=x", referer: `${origin}/settings/danger?tab=notes` }, await staleCookie());
    expect((await refusal()).callbackUrl).toBe(`${origin}/settings/danger?tab=notes`);
  });

  it("an action posted from another site's page comes back to the site's root, not there", async () => {
    serve({ "next-action": "7f00aa", "content-type": "text/plain", referer: "https://attacker.example/settings/danger" }, await staleCookie());
    expect((await refusal()).callbackUrl).toBe(`${origin}/`);
  });

  it("a server component comes back to the page it names, not to the page the user came from", async () => {
    serve({ accept: "text/html", referer: `${origin}/dashboard` }, await staleCookie());
    expect((await refusal({ returnTo: "/settings/danger" })).callbackUrl).toBe(`${origin}/settings/danger`);
  });

  it("lets a recent sign-in through", async () => {
    serve({ "next-action": "7f00aa", "content-type": "text/plain", referer: `${origin}/settings/danger` }, await staleCookie(5));
    await expect(nextAuth.requireRecentSignIn()).resolves.toBeUndefined();
  });
});
