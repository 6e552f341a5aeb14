import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { alice, createClient, makeAuth } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf, type SetCookie } from "../../helpers/cookie-jar.js";

const CHUNK = 3936;

function clientAt(origin: string, config: Partial<AuthConfig> = {}) {
  const auth = makeAuth(config);
  return { auth, client: createClient({ origin, send: async (request) => auth.fetch(request) }) };
}

/** Signs in with a callbackUrl so the callback-url cookie is written too; returns every cookie set along the way. */
async function cookiesOfSignIn(origin: string, config: Partial<AuthConfig> = {}) {
  const { client } = clientAt(origin, config);
  const csrf = await client.send("/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await client.send("/callback/credentials", {
    form: { username: "alice", password: alice.password, csrfToken, callbackUrl: "/next" },
  });
  expect(signIn.status).toBe(302);
  const all = [...setCookiesOf(csrf), ...setCookiesOf(signIn)];
  return { client, byName: (name: string) => all.find((cookie) => cookie.name === name), all };
}

function expectBase(cookie: SetCookie | undefined) {
  expect(cookie).toBeDefined();
  expect(cookie!.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
}

describe("cookie names and attributes", () => {
  it("on http: plain names, no Secure", async () => {
    const { byName, all } = await cookiesOfSignIn("http://localhost:3000");
    expect(all.map((cookie) => cookie.name).sort()).toEqual(["authjs.callback-url", "authjs.csrf-token", "authjs.session-token"]);
    for (const cookie of all) {
      expectBase(cookie);
      expect(cookie.attributes.secure).toBeUndefined();
      expect(cookie.attributes.domain).toBeUndefined();
    }
    expect(byName("authjs.session-token")!.attributes.expires).toBeDefined();
    expect(byName("authjs.csrf-token")!.attributes.expires).toBeUndefined();
    expect(byName("authjs.csrf-token")!.attributes["max-age"]).toBeUndefined();
  });

  it("on https: __Secure- names, __Host- for CSRF, all Secure", async () => {
    const { byName, all, client } = await cookiesOfSignIn("https://app.example.com");
    expect(all.map((cookie) => cookie.name).sort()).toEqual([
      "__Host-authjs.csrf-token",
      "__Secure-authjs.callback-url",
      "__Secure-authjs.session-token",
    ]);
    for (const cookie of all) {
      expectBase(cookie);
      expect(cookie.attributes.secure).toBe(true);
    }
    // __Host- cookies must have Path=/ and no Domain, or browsers drop them.
    expect(byName("__Host-authjs.csrf-token")!.attributes.domain).toBeUndefined();
    expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
  });

  it("on https, a session under the plain http name is not read", async () => {
    const http = await cookiesOfSignIn("http://localhost:3000");
    const { auth } = clientAt("https://app.example.com");
    const cookie = `authjs.session-token=${http.byName("authjs.session-token")!.value}`;
    expect(await auth.auth(new Request("https://app.example.com/", { headers: { cookie } }))).toBeNull();
    expect(await auth.auth(new Request("http://localhost:3000/", { headers: { cookie } }))).not.toBeNull();
  });

  it("useSecureCookies: true gives secure cookies on http", async () => {
    const { all, client } = await cookiesOfSignIn("http://localhost:3000", { useSecureCookies: true });
    expect(all.map((cookie) => cookie.name).sort()).toEqual([
      "__Host-authjs.csrf-token",
      "__Secure-authjs.callback-url",
      "__Secure-authjs.session-token",
    ]);
    for (const cookie of all) expect(cookie.attributes.secure).toBe(true);
    expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
  });

  it("useSecureCookies: false gives plain cookies on https", async () => {
    const { all } = await cookiesOfSignIn("https://app.example.com", { useSecureCookies: false });
    expect(all.map((cookie) => cookie.name).sort()).toEqual(["authjs.callback-url", "authjs.csrf-token", "authjs.session-token"]);
    for (const cookie of all) expect(cookie.attributes.secure).toBeUndefined();
  });

  it("the cookies option overrides one cookie's name and attributes, keeping the other defaults", async () => {
    const config: Partial<AuthConfig> = {
      cookies: {
        sessionToken: { name: "app.session", options: { sameSite: "strict", domain: "example.com" } },
        csrfToken: { name: "app.csrf" },
      },
    };
    const { byName, client } = await cookiesOfSignIn("http://localhost:3000", config);
    const session = byName("app.session")!;
    expect(session.attributes).toMatchObject({ httponly: true, samesite: "Strict", path: "/", domain: "example.com" });
    expect(byName("authjs.session-token")).toBeUndefined();
    expectBase(byName("app.csrf"));
    expectBase(byName("authjs.callback-url"));
    expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);

    client.jar.delete("app.session");
    client.jar.set("authjs.session-token", session.value);
    expect(await client.session()).toBeNull();
  });

  it("a cookie whose name only starts with the session cookie's name is not read", async () => {
    const { byName } = await cookiesOfSignIn("http://localhost:3000");
    const value = byName("authjs.session-token")!.value;
    const { auth } = clientAt("http://localhost:3000");
    for (const name of ["authjs.session-tokenx", "authjs.session-token.x", "authjs.session-token-0"]) {
      expect(await auth.auth(new Request("http://localhost:3000/", { headers: { cookie: `${name}=${value}` } }))).toBeNull();
    }
  });
});

describe("chunking of a large session token", () => {
  const big = Array.from({ length: 10_000 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789"[(i * 7919) % 36]).join("");
  const config: Partial<AuthConfig> = {
    callbacks: {
      jwt: ({ token, trigger, session }) => {
        if (trigger === "signIn") return { ...token, big };
        if (trigger === "update" && session?.shrink) {
          const { big: _dropped, ...rest } = token;
          return rest;
        }
        return token;
      },
      session: ({ session, token }) => ({ ...session, bigLength: typeof token.big === "string" ? token.big.length : 0 }),
    },
  };

  const chunkNames = (cookies: SetCookie[]) => cookies.filter((c) => /^authjs\.session-token\.\d+$/.test(c.name) && !isDeletion(c));

  it("splits the token into numbered chunks, reads them back, and clears them when it shrinks", async () => {
    const { client } = clientAt("http://localhost:3000", config);
    const signIn = await client.signIn();
    const set = setCookiesOf(signIn);
    const chunks = chunkNames(set);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.map((c) => c.name)).toEqual(chunks.map((_, i) => `authjs.session-token.${i}`));
    for (const chunk of chunks) {
      expect(chunk.value.length).toBeLessThanOrEqual(CHUNK);
      expect(chunk.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
    }
    expect(chunks.slice(0, -1).every((chunk) => chunk.value.length === CHUNK)).toBe(true);
    expect(set.find((c) => c.name === "authjs.session-token")).toBeUndefined();

    expect(((await client.session()) as { bigLength: number }).bigLength).toBe(big.length);

    // Chunks arriving in any order are joined by number.
    const shuffled = [...chunks].reverse().map((c) => `${c.name}=${c.value}`).join("; ");
    const session = await client.send("/session", { headers: { cookie: shuffled } });
    expect(((await session.json()) as { bigLength: number }).bigLength).toBe(big.length);

    const shrink = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { shrink: true } } });
    expect(shrink.status).toBe(200);
    const afterShrink = setCookiesOf(shrink);
    const whole = afterShrink.find((c) => c.name === "authjs.session-token")!;
    expect(whole.value.length).toBeGreaterThan(100);
    expect(isDeletion(whole)).toBe(false);
    const cleared = afterShrink.filter((c) => c.name.startsWith("authjs.session-token.")).map((c) => c.name);
    expect(cleared.sort()).toEqual(chunks.map((c) => c.name).sort());
    expect(afterShrink.filter((c) => c.name.startsWith("authjs.session-token.")).every(isDeletion)).toBe(true);
    expect(client.jar.names().filter((name) => name.startsWith("authjs.session-token"))).toEqual(["authjs.session-token"]);
    expect(((await client.session()) as { bigLength: number }).bigLength).toBe(0);
  });

  it("clears the unchunked cookie when the token grows into chunks", async () => {
    const { client } = clientAt("http://localhost:3000", {
      callbacks: { ...config.callbacks, jwt: ({ token, trigger, session }) => (trigger === "update" && session?.grow ? { ...token, big } : token) },
    });
    await client.signIn();
    expect(client.jar.get("authjs.session-token")).toBeDefined();
    const grow = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { grow: true } } });
    const set = setCookiesOf(grow);
    expect(isDeletion(set.find((c) => c.name === "authjs.session-token")!)).toBe(true);
    expect(chunkNames(set).length).toBeGreaterThanOrEqual(3);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(((await client.session()) as { bigLength: number }).bigLength).toBe(big.length);
  });

  it("sign-out clears every chunk", async () => {
    const { client } = clientAt("http://localhost:3000", config);
    await client.signIn();
    const chunkCount = client.jar.names().filter((name) => name.startsWith("authjs.session-token.")).length;
    expect(chunkCount).toBeGreaterThanOrEqual(3);
    const out = await client.signOut();
    const cleared = setCookiesOf(out).filter((c) => c.name.startsWith("authjs.session-token") && isDeletion(c));
    expect(cleared.length).toBeGreaterThanOrEqual(chunkCount);
    expect(client.jar.names().filter((name) => name.startsWith("authjs.session-token"))).toEqual([]);
  });
});
