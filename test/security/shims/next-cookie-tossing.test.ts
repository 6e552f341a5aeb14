/**
 * Cookie tossing in sekisho/next. A page on a sibling subdomain (or any host under the parent domain) can set
 * a cookie for the parent domain under the session cookie's name; the browser then sends both, the victim's
 * own first (older, same path) and the tossed one last. The routes and the middleware read the first of
 * duplicate names; Next.js's `cookies()` keeps the last. Server components and actions must read the same
 * session as the routes, or a victim signed in as themselves renders and acts in the attacker's account.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies/index.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import NextAuth from "../../../shims/next/index.js";
import { credentialsProvider, localClient, quietLogger } from "../../helpers/auth-client.js";

const incoming = { headers: new Headers(), jar: new RequestCookies(new Headers()) };

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => incoming.jar,
}));

afterEach(() => {
  incoming.headers = new Headers();
  incoming.jar = new RequestCookies(new Headers());
});

const name = "authjs.session-token";
const anyone = credentialsProvider((credentials) =>
  credentials.password === "pw" ? { id: String(credentials.username), email: `${credentials.username}@example.com` } : null,
);
const nextAuth = NextAuth({
  secret: "cookie-tossing-secret-0123456789abcdefghijk",
  providers: [anyone],
  logger: quietLogger,
  session: { strategy: "jwt" },
});

async function sessionCookie(username: string): Promise<string> {
  const client = localClient((request) => nextAuth.handlers.POST(request as never), "/api/auth");
  await client.signIn({ username, password: "pw" });
  return client.jar.get(name)!;
}

/** The request Next.js serves: the victim's cookie first, the one tossed from the parent domain after it. */
async function serveTossed(): Promise<string> {
  const cookie = `${name}=${await sessionCookie("victim")}; ${name}=${await sessionCookie("attacker")}`;
  incoming.headers = new Headers({ host: "localhost:3000", cookie });
  incoming.jar = new RequestCookies(new Headers({ cookie }));
  return cookie;
}

describe("a session cookie tossed under the victim's cookie name", () => {
  it("the route handler and auth() in a server component read the same session, the victim's", async () => {
    const cookie = await serveTossed();
    const route = await nextAuth.handlers.GET(new Request("http://localhost:3000/api/auth/session", { headers: { cookie } }) as never);
    expect(await route.json()).toMatchObject({ user: { email: "victim@example.com" } });
    expect(await nextAuth.auth()).toMatchObject({ user: { email: "victim@example.com" } });
  });

  it("a server action's update changes the victim's session", async () => {
    await serveTossed();
    expect(await nextAuth.unstable_update({ user: { name: "Changed" } })).toMatchObject({ user: { email: "victim@example.com" } });
  });

  it("a session the action set earlier in the same request is still the one read", async () => {
    await serveTossed();
    incoming.jar.set(name, await sessionCookie("fresh"));
    expect(await nextAuth.auth()).toMatchObject({ user: { email: "fresh@example.com" } });
    incoming.jar.delete(name);
    expect(await nextAuth.auth()).toBeNull();
  });
});
