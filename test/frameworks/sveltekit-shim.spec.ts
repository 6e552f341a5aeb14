/**
 * sekisho/sveltekit's own logic, request by request: routing in `handle`, `locals.auth()`, the form
 * actions, lazy configuration receiving the event, and the secret length. The events carry real Requests
 * and a cookie recorder in place of SvelteKit's; sveltekit-app.spec.ts runs the same code inside SvelteKit.
 */
import { isHttpError, isRedirect, type RequestEvent } from "@sveltejs/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CredentialsSignin, SvelteKitAuth, type SvelteKitAuthConfig } from "../../shims/sveltekit/index.js";
import GitHub from "../../src/providers/github.js";
import { decode, encode } from "../../src/jwt.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { alice, credentialsProvider, localClient, origin, quietLogger, secret } from "../helpers/auth-client.js";
import { heldMailPassword, signUp } from "../helpers/password-app.js";

interface SetCookie {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

/** A request event as SvelteKit builds it, as far as sekisho uses it. */
function eventFor(path: string, init: RequestInit = {}) {
  const request = new Request(`${origin}${path}`, init);
  const cookies: SetCookie[] = [];
  const event = {
    request,
    url: new URL(request.url),
    locals: {},
    cookies: {
      set: (name: string, value: string, options: Record<string, unknown>) => void cookies.push({ name, value, options }),
      // As SvelteKit's: the request's cookies, overridden by those set since.
      getAll: () => {
        const jar = new Map(request.headers.get("cookie")?.split("; ").map((pair) => pair.split("=", 2) as [string, string]));
        for (const { name, value } of cookies) jar.set(name, value);
        return [...jar].map(([name, value]) => ({ name, value }));
      },
    },
  } as unknown as RequestEvent;
  return { event, cookies };
}

const form = (fields: Record<string, string>, cookie = "") => ({
  method: "POST",
  // As a browser posts the app's own form.
  headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(fields),
});

const config = (extra: Partial<SvelteKitAuthConfig> = {}): SvelteKitAuthConfig => ({
  secret,
  providers: [credentialsProvider(), GitHub({ clientId: "gh-id", clientSecret: "gh-secret" })],
  logger: quietLogger,
  ...extra,
});

/** Runs a form action, which must end in a SvelteKit redirect; resolves to it. */
async function redirectOf(action: Promise<never>) {
  const thrown = await action.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isRedirect(thrown)) throw new Error(`expected a redirect, got ${String(thrown)}`);
  return thrown;
}

async function signInAlice(auth: ReturnType<typeof SvelteKitAuth>) {
  const { event, cookies } = eventFor("/signin", form({ providerId: "credentials", username: "alice", password: alice.password, redirectTo: "/protected" }));
  const redirect = await redirectOf(auth.signIn(event));
  const session = cookies.find((cookie) => cookie.name === "authjs.session-token");
  return { redirect, cookies, cookie: `authjs.session-token=${session?.value}` };
}

const page = async () => new Response("page");

describe("sekisho/sveltekit handle", () => {
  it("answers the routes under /auth and gives every other request locals.auth()", async () => {
    const { handle } = SvelteKitAuth(config());
    const routed = eventFor("/auth/providers");
    const response = await handle({ event: routed.event, resolve: page });
    expect(Object.keys(await response.json())).toEqual(["credentials", "github"]);

    const other = eventFor("/about");
    expect(await (await handle({ event: other.event, resolve: page })).text()).toBe("page");
    expect(await other.event.locals.auth()).toBeNull();
  });

  it("looks the session up once per request, and sets a refreshed cookie through event.cookies", async () => {
    const calls: string[] = [];
    const auth = SvelteKitAuth((event) => {
      calls.push(event?.url.pathname ?? "no event");
      return config({ session: { updateAge: 0 } });
    });
    const { cookie } = await signInAlice(auth);
    calls.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { event, cookies } = eventFor("/protected", { headers: { cookie } });
    await auth.handle({ event, resolve: page });
    const [first, second] = await Promise.all([event.locals.auth(), event.locals.auth()]);
    expect(first?.user?.email).toBe(alice.email);
    expect(second).toBe(first);
    expect(calls).toEqual(["/protected"]);
    expect(cookies.map((c) => [c.name, c.options.path])).toEqual([["authjs.session-token", "/"]]);
  });
});

describe("sekisho/sveltekit handle and work after the answer", () => {
  it("hands a sign-up's proof mail to the platform's waitUntil (adapter-cloudflare's platform.ctx) and answers first", async () => {
    const held: Promise<unknown>[] = [];
    const { provider, mails, release } = heldMailPassword();
    const { handle } = SvelteKitAuth(
      config({
        adapter: MemoryAdapter(),
        providers: [provider],
      }),
    );
    const client = localClient(async (request) => {
      const url = new URL(request.url);
      const body = request.method === "GET" ? undefined : await request.text();
      const { event } = eventFor(url.pathname + url.search, { method: request.method, headers: request.headers, body });
      Object.assign(event, { platform: { ctx: { waitUntil: (task: Promise<unknown>) => void held.push(task) } } });
      return handle({ event, resolve: page });
    });

    expect((await signUp(client, "late@example.com", "a long passphrase for the late mail")).status).toBe(302);
    expect(mails).toHaveLength(0);
    expect(held).toHaveLength(1);
    release();
    await Promise.all(held);
    expect(mails.map((mail) => [mail.kind, mail.to])).toEqual([["verify", "late@example.com"]]);
  });
});

describe("sekisho/sveltekit with duplicate cookie names (cookie tossing)", () => {
  it("locals.auth() reads the first session cookie, as the routes do, though event.cookies here keeps the last", async () => {
    const auth = SvelteKitAuth(config({ session: { updateAge: 0 } }));
    const { cookie } = await signInAlice(auth);
    const tossed = await encode({ token: { sub: "mallory", email: "mallory@example.com" }, secret, salt: "authjs.session-token" });
    const { event, cookies } = eventFor("/protected", { headers: { cookie: `${cookie}; authjs.session-token=${tossed}` } });
    expect(event.cookies.getAll()).toContainEqual({ name: "authjs.session-token", value: tossed });
    await auth.handle({ event, resolve: page });

    expect((await event.locals.auth())?.user?.email).toBe(alice.email);
    expect(cookies.map((c) => c.name)).toEqual(["authjs.session-token"]);
    expect((await decode({ token: cookies[0].value, secret, salt: "authjs.session-token" }))?.email).toBe(alice.email);
  });
});

describe("sekisho/sveltekit locals.getSession", () => {
  it("is locals.auth() under its older name: the same session, looked up once", async () => {
    const auth = SvelteKitAuth(config());
    const { cookie } = await signInAlice(auth);
    const { event } = eventFor("/protected", { headers: { cookie } });
    await auth.handle({ event, resolve: page });
    const older = await event.locals.getSession();
    expect(older?.user?.email).toBe(alice.email);
    expect(await event.locals.auth()).toBe(older);
  });
});

describe("sekisho/sveltekit form actions", () => {
  it("signIn reads providerId, the credentials and redirectTo, sets the cookie and answers 303", async () => {
    const auth = SvelteKitAuth(config());
    const { redirect, cookie } = await signInAlice(auth);
    expect(redirect.status).toBe(303);
    expect(redirect.location).toBe(`${origin}/protected`);

    const { event } = eventFor("/protected", { headers: { cookie } });
    await auth.handle({ event, resolve: page });
    expect((await event.locals.auth())?.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
  });

  it("signIn throws CredentialsSignin to the caller when the credentials are refused", async () => {
    const auth = SvelteKitAuth(config());
    const { event } = eventFor("/signin", form({ providerId: "credentials", username: "alice", password: "wrong" }));
    await expect(auth.signIn(event)).rejects.toBeInstanceOf(CredentialsSignin);
  });

  it("signIn passes authorizationParams-* fields to the provider's authorization URL", async () => {
    const auth = SvelteKitAuth(config());
    const { event, cookies } = eventFor("/signin", form({ providerId: "github", "authorizationParams-login": "octocat", "authorizationParams-allow_signup": "false" }));
    const redirect = await redirectOf(auth.signIn(event));
    const location = new URL(redirect.location);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("login")).toBe("octocat");
    expect(location.searchParams.get("allow_signup")).toBe("false");
    expect(location.searchParams.get("client_id")).toBe("gh-id");
    expect(cookies.map((c) => c.name)).toContain("authjs.pkce.code_verifier");
  });

  it("signIn without a provider goes to the sign-in page", async () => {
    const auth = SvelteKitAuth(config());
    const { event } = eventFor("/signin", form({ redirectTo: "/after" }));
    const location = new URL((await redirectOf(auth.signIn(event))).location);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("/after");
  });

  it("signOut clears the session cookie and answers 303 to redirectTo", async () => {
    const auth = SvelteKitAuth(config());
    const { cookie } = await signInAlice(auth);
    const { event, cookies } = eventFor("/signout", form({ redirectTo: "/bye" }, cookie));
    const redirect = await redirectOf(auth.signOut(event));
    expect(redirect.status).toBe(303);
    expect(redirect.location).toBe(`${origin}/bye`);
    expect(cookies).toContainEqual(expect.objectContaining({ name: "authjs.session-token", value: "", options: expect.objectContaining({ maxAge: 0 }) }));
  });
});

describe("sekisho/sveltekit requireRecentSignIn", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Alice signed in, and `age` seconds later. */
  async function staleAlice(age = 601) {
    const auth = SvelteKitAuth(config());
    const { cookie } = await signInAlice(auth);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + age * 1000);
    return { auth, cookie };
  }

  const refusalOf = (check: Promise<void>) =>
    check.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

  it("sends a page load to sign in again, coming back to the page", async () => {
    const { auth, cookie } = await staleAlice();
    const { event } = eventFor("/settings/danger", { headers: { cookie, accept: "text/html" } });
    const thrown = await refusalOf(auth.requireRecentSignIn(event));
    expect(isRedirect(thrown) && thrown.status).toBe(303);
    const location = new URL((thrown as { location: string }).location, origin);
    expect([location.pathname, location.searchParams.get("error")]).toEqual(["/auth/signin", "RecentSignInRequired"]);
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/settings/danger`);
  });

  it("a client-side navigation's data request comes back to the page, not to its __data.json", async () => {
    const { auth, cookie } = await staleAlice();
    const { event } = eventFor("/settings/danger/__data.json?x-sveltekit-invalidated=01", { headers: { cookie, accept: "*/*" } });
    Object.assign(event, { isDataRequest: true, url: new URL(`${origin}/settings/danger`) });
    const thrown = await refusalOf(auth.requireRecentSignIn(event));
    expect(isRedirect(thrown) && thrown.status).toBe(303);
    expect(new URL((thrown as { location: string }).location, origin).searchParams.get("callbackUrl")).toBe(`${origin}/settings/danger`);
  });

  it("answers an enhanced form action (a script) 403 RecentSignInRequired", async () => {
    const { auth, cookie } = await staleAlice();
    const { event } = eventFor("/settings/danger", { ...form({}, cookie), headers: { ...form({}, cookie).headers, accept: "application/json" } });
    const thrown = await refusalOf(auth.requireRecentSignIn(event));
    expect(isHttpError(thrown, 403) && thrown.body.message).toBe("RecentSignInRequired");
  });

  it("lets a recent sign-in through", async () => {
    const { auth, cookie } = await staleAlice(5);
    const { event } = eventFor("/settings/danger", { headers: { cookie, accept: "text/html" } });
    await expect(auth.requireRecentSignIn(event)).resolves.toBeUndefined();
  });
});

describe("sekisho/sveltekit configuration", () => {
  it("hands lazy configuration the request's event in handle, locals.auth() and the form actions", async () => {
    const seen: (RequestEvent | undefined)[] = [];
    const auth = SvelteKitAuth((event) => {
      seen.push(event);
      return config();
    });
    const events: RequestEvent[] = [];
    for (const path of ["/auth/csrf", "/page"]) {
      const { event } = eventFor(path);
      events.push(event);
      await auth.handle({ event, resolve: page });
      if (path === "/page") await event.locals.auth();
    }
    const action = eventFor("/signin", form({ providerId: "credentials", username: "alice", password: alice.password }));
    events.push(action.event);
    // SvelteKit runs handle before the action, for the same event.
    await auth.handle({ event: action.event, resolve: page });
    await redirectOf(auth.signIn(action.event));
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.every((event) => event !== undefined && events.includes(event))).toBe(true);
    expect(seen.filter((event) => event === action.event).length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a secret shorter than 32 characters at start-up", () => {
    expect(() => SvelteKitAuth(config({ secret: "s".repeat(31) }))).toThrow(/at least 32 characters/);
    expect(() => SvelteKitAuth(config({ secret: ["s".repeat(32), "old".repeat(5)] }))).toThrow(/at least 32 characters/);
    expect(() => SvelteKitAuth(config({ secret: "s".repeat(32) }))).not.toThrow();
  });

  it("fails closed when a lazy configuration has a short secret", async () => {
    const auth = SvelteKitAuth(() => config({ secret: "short" }));
    const { event } = eventFor("/page");
    await auth.handle({ event, resolve: page });
    expect(await event.locals.auth()).toBeNull();
  });
});
