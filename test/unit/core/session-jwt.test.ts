import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuth, type AuthConfig } from "../../../src/index.js";
import { alice, credentialsProvider, localClient, makeAuth, origin } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

const oldSecret = "the-old-secret-0123456789abcdef0123456789";
const newSecret = "the-new-secret-0123456789abcdef0123456789";
const day = 86400_000;

function requestWith(cookie: string) {
  return new Request(`${origin}/page`, { headers: { cookie } });
}

async function sessionCookieFrom(auth: ReturnType<typeof makeAuth>) {
  const client = localClient(auth.fetch);
  await client.signIn();
  return `authjs.session-token=${client.jar.get("authjs.session-token")}`;
}

describe("secret rotation", () => {
  it("reads a cookie minted with the old secret when secret is [new, old]", async () => {
    const cookie = await sessionCookieFrom(makeAuth({ secret: oldSecret }));
    const rotated = makeAuth({ secret: [newSecret, oldSecret] });
    expect((await rotated.auth(requestWith(cookie)))?.user?.email).toBe(alice.email);
    expect(await makeAuth({ secret: newSecret }).auth(requestWith(cookie))).toBeNull();

    const response = await rotated.fetch(new Request(`${origin}/auth/session`, { headers: { cookie } }));
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(alice.email);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("re-issues an old-secret cookie with the new secret when it is refreshed", async () => {
    const cookie = await sessionCookieFrom(makeAuth({ secret: oldSecret }));
    const rotated = makeAuth({ secret: [newSecret, oldSecret], session: { updateAge: 0 } });
    const response = await rotated.fetch(new Request(`${origin}/auth/session`, { headers: { cookie } }));
    const [fresh] = setCookiesOf(response);
    expect(fresh.name).toBe("authjs.session-token");
    const newOnly = makeAuth({ secret: newSecret });
    expect((await newOnly.auth(requestWith(`${fresh.name}=${fresh.value}`)))?.user?.email).toBe(alice.email);
  });

  it("rotates AUTH_SECRET_1 from the environment alongside AUTH_SECRET", async () => {
    const cookie = await sessionCookieFrom(makeAuth({ secret: oldSecret }));
    const providers = [credentialsProvider()];
    const withRotation = createAuth({ providers }, { env: { AUTH_SECRET: newSecret, AUTH_SECRET_1: oldSecret } });
    expect((await withRotation.auth(requestWith(cookie)))?.user?.email).toBe(alice.email);
    const withoutRotation = createAuth({ providers }, { env: { AUTH_SECRET: newSecret } });
    expect(await withoutRotation.auth(requestWith(cookie))).toBeNull();
    // The newest secret signs: a cookie minted through AUTH_SECRET is readable with the new secret alone.
    const minted = await sessionCookieFrom(withRotation as ReturnType<typeof makeAuth>);
    expect(await makeAuth({ secret: newSecret }).auth(requestWith(minted))).not.toBeNull();
  });
});

describe("session refresh (updateAge)", () => {
  const t0 = new Date("2030-01-01T00:00:00Z");
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signedIn(config: Partial<AuthConfig> = {}) {
    const client = localClient(makeAuth(config).fetch);
    await client.signIn();
    return client;
  }

  it("sends no Set-Cookie before updateAge and one after, moving the expiry", async () => {
    const client = await signedIn();
    vi.setSystemTime(t0.getTime() + 3600_000);
    const early = await client.send("/session");
    expect(early.headers.getSetCookie()).toEqual([]);
    expect(((await early.json()) as { expires: string }).expires).toBe(new Date(t0.getTime() + 30 * day).toISOString());

    const later = t0.getTime() + day + 60_000;
    vi.setSystemTime(later);
    const due = await client.send("/session");
    const [refreshed] = setCookiesOf(due);
    expect(refreshed.name).toBe("authjs.session-token");
    expect(Date.parse(refreshed.attributes.expires as string)).toBe(Math.floor(later / 1000) * 1000 + 30 * day);
    const body = (await due.json()) as { expires: string; user: { email: string } };
    expect(Date.parse(body.expires)).toBeGreaterThan(t0.getTime() + 30 * day);
    expect(body.user.email).toBe(alice.email);

    vi.setSystemTime(later + 60_000);
    expect((await client.send("/session")).headers.getSetCookie()).toEqual([]);
  });

  it("auth.session() hands back the refreshed cookie for the caller to send", async () => {
    const auth = makeAuth();
    const client = localClient(auth.fetch);
    await client.signIn();
    const request = () => new Request(`${origin}/page`, { headers: { cookie: client.jar.header() } });
    expect((await auth.session(request())).cookies).toEqual([]);
    vi.setSystemTime(t0.getTime() + day + 1000);
    const { session, cookies } = await auth.session(request());
    expect(session?.user?.email).toBe(alice.email);
    expect(cookies.map((cookie) => cookie.name)).toEqual(["authjs.session-token"]);
    expect(cookies[0].options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    expect(cookies[0].options.expires?.getTime()).toBe(t0.getTime() + day + 1000 + 30 * day);
  });

  it("honours a custom updateAge, and 0 refreshes on every request", async () => {
    const client = await signedIn({ session: { updateAge: 60 } });
    vi.setSystemTime(t0.getTime() + 30_000);
    expect((await client.send("/session")).headers.getSetCookie()).toEqual([]);
    vi.setSystemTime(t0.getTime() + 61_000);
    expect((await client.send("/session")).headers.getSetCookie()).toHaveLength(1);

    const always = await signedIn({ session: { updateAge: 0 } });
    expect((await always.send("/session")).headers.getSetCookie()).toHaveLength(1);
    expect((await always.send("/session")).headers.getSetCookie()).toHaveLength(1);
  });

  it("gives null and clears the cookie once the token has expired", async () => {
    const client = await signedIn({ session: { maxAge: 3600 } });
    vi.setSystemTime(t0.getTime() + 3600_000 + 60_000);
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    const [cleared] = setCookiesOf(response);
    expect(cleared.name).toBe("authjs.session-token");
    expect(isDeletion(cleared)).toBe(true);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });
});

describe("unreadable session cookies", () => {
  it.each([
    ["garbage", "not-a-jwe"],
    ["a JWE-shaped value", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAA.BBBB.CCCC"],
  ])("%s gives null and is cleared", async (_label, value) => {
    const auth = makeAuth();
    const response = await auth.fetch(new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${value}` } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const [cleared] = setCookiesOf(response);
    expect(cleared.name).toBe("authjs.session-token");
    expect(isDeletion(cleared)).toBe(true);
  });

  it("a token from another secret gives null and is cleared, chunks included", async () => {
    const cookie = await sessionCookieFrom(makeAuth({ secret: oldSecret }));
    const value = cookie.split("=")[1];
    const chunked = `authjs.session-token.0=${value.slice(0, 100)}; authjs.session-token.1=${value.slice(100)}`;
    const response = await makeAuth().fetch(new Request(`${origin}/auth/session`, { headers: { cookie: chunked } }));
    expect(await response.json()).toBeNull();
    const cleared = setCookiesOf(response);
    expect(cleared.map((c) => c.name).sort()).toEqual(["authjs.session-token", "authjs.session-token.0", "authjs.session-token.1"]);
    expect(cleared.every(isDeletion)).toBe(true);
  });
});

describe("POST /session (update)", () => {
  function updating() {
    const jwtCalls: { trigger?: string; session?: unknown }[] = [];
    const sessionCalls: { trigger?: string; newSession?: unknown }[] = [];
    const auth = makeAuth({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          jwtCalls.push({ trigger, session });
          return trigger === "update" ? { ...token, plan: session.plan } : token;
        },
        session: ({ session, token, trigger, newSession }) => {
          sessionCalls.push({ trigger, newSession });
          return { ...session, plan: token.plan };
        },
      },
    });
    return { client: localClient(auth.fetch), jwtCalls, sessionCalls };
  }

  it("runs the jwt callback with trigger update and the posted data, and the session callback with newSession", async () => {
    const { client, jwtCalls, sessionCalls } = updating();
    await client.signIn();
    expect(jwtCalls.map((call) => call.trigger)).toEqual(["signIn"]);
    const response = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { plan: "pro" } } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { plan: string }).plan).toBe("pro");
    expect(jwtCalls.at(-1)).toEqual({ trigger: "update", session: { plan: "pro" } });
    expect(sessionCalls.at(-1)).toEqual({ trigger: "update", newSession: { plan: "pro" } });
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(((await client.session()) as { plan: string }).plan).toBe("pro");
    expect(jwtCalls.at(-1)?.trigger).toBeUndefined();
  });

  it.each([
    ["no csrfToken", () => ({ data: { plan: "pro" } })],
    ["a wrong csrfToken", () => ({ csrfToken: "f".repeat(64), data: { plan: "pro" } })],
  ])("answers 400 null with %s and does not run the update", async (_label, body) => {
    const { client, jwtCalls } = updating();
    await client.signIn();
    await client.csrfToken();
    const response = await client.send("/session", { json: body() });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(jwtCalls.some((call) => call.trigger === "update")).toBe(false);
    expect(((await client.session()) as { plan?: string }).plan).toBeUndefined();
  });

  it("answers 400 null without a session", async () => {
    const { client } = updating();
    const response = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { plan: "pro" } } });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
  });

  it("a jwt callback returning null ends the session and clears the cookie", async () => {
    const auth = makeAuth({ callbacks: { jwt: ({ token, trigger }) => (trigger === "signIn" ? token : null) } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    expect(setCookiesOf(response).every(isDeletion)).toBe(true);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });
});
