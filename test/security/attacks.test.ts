/**
 * Attacks from outside, each a test that fails if the hole opens: CSRF on every state-changing route,
 * session fixation, tampered cookies, tokens from another secret or salt, check cookies moved between flows,
 * host-header injection, reflected values in every page, and timing-safe comparisons.
 */
import { describe, expect, it, vi } from "vitest";
import { type AuthConfig } from "../../src/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import { encode } from "../../src/jwt.js";
import * as cryptoHelpers from "../../src/crypto.js";
import { localClient } from "../helpers/auth-client.js";

vi.mock("../../src/crypto.js", { spy: true });

const secret = "attack-suite-secret-0123456789abcdefghijklm";
const evil = "<script>alert(1)</script>";

function build(config: Partial<AuthConfig> = {}) {
  const adapter = MemoryAdapter();
  const sent: string[] = [];
  const auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      providers: [
        Credentials({ credentials: { username: { label: "Username" } }, authorize: async (c) => (c.username === "alice" ? { id: "alice", name: "Alice", email: "alice@example.com" } : null) }),
        { id: "idp", name: "IdP", type: "oidc", issuer: "https://idp.example", clientId: "c", clientSecret: "s", checks: ["pkce", "state", "nonce"], authorization: "https://idp.example/authorize", token: "https://idp.example/token", jwks_endpoint: "https://idp.example/jwks" },
        { id: "other", name: "Other", type: "oauth", clientId: "c", clientSecret: "s", checks: ["pkce", "state"], authorization: "https://other.example/authorize", token: "https://other.example/token", userinfo: "https://other.example/user" },
        { id: "email", name: "Email", type: "email", otp: true, sendVerificationRequest: async ({ url }) => void sent.push(url) },
      ],
      logger: { error: () => {}, warn: () => {} },
      ...config,
    },
    { env: {} },
  );
  return { auth, adapter, sent };
}

describe("CSRF on every state-changing route", () => {
  const { auth, sent } = build();
  const routes: Array<[string, Record<string, string>]> = [
    ["/signin/idp", {}],
    ["/signin/other", {}],
    ["/signin/email", { email: "victim@example.com" }],
    ["/callback/credentials", { username: "alice" }],
    ["/callback/email", { token: "t", email: "victim@example.com" }],
    ["/callback/email", { code: "123456", email: "victim@example.com" }],
    ["/signout", {}],
  ];
  for (const [path, form] of routes) {
    for (const variant of ["no token", "wrong token", "token without its cookie"] as const) {
      it(`POST ${path} with ${variant} is refused`, async () => {
        const client = localClient(auth.fetch);
        const token = await client.csrfToken();
        if (variant === "token without its cookie") client.jar.clear();
        const csrfToken = variant === "no token" ? undefined : variant === "wrong token" ? "f".repeat(64) : token;
        const response = await client.send(path, { form: { ...form, ...(csrfToken ? { csrfToken } : {}) } });
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
        expect(client.jar.get("authjs.session-token")).toBeUndefined();
        expect(sent).toEqual([]);
      });
    }
  }

  it("POST /session (update) without the token answers 400 null and changes nothing", async () => {
    const client = localClient(auth.fetch);
    await client.signIn();
    const before = client.jar.get("authjs.session-token");
    const response = await client.send("/session", { json: { data: { name: "Mallory" } } });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
    expect(client.jar.get("authjs.session-token")).toBe(before);
  });

  it("a forged CSRF cookie (a token with a hash not made with the secret) is replaced, not trusted", async () => {
    const client = localClient(auth.fetch);
    const token = "a".repeat(64);
    client.jar.set("authjs.csrf-token", `${token}|${"b".repeat(64)}`);
    const response = await client.send("/callback/credentials", { form: { username: "alice", csrfToken: token } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
  });
});

describe("session fixation", () => {
  it("jwt: signing in replaces a session cookie planted before sign-in", async () => {
    const { auth } = build();
    const client = localClient(auth.fetch);
    const planted = await encode({ token: { sub: "alice", name: "Alice", email: "alice@example.com" }, secret, salt: "authjs.session-token" });
    client.jar.set("authjs.session-token", planted);
    await client.signIn({ username: "alice" });
    expect(client.jar.get("authjs.session-token")).not.toBe(planted);
  });

  it("database: signing in issues a new session token, whatever token the browser held", async () => {
    const { auth, adapter } = build({ session: { strategy: "database" } });
    const user = await adapter.createUser!({ id: "x", email: "alice@example.com", emailVerified: null, name: "Alice" });
    const fixed = "attacker-chosen-session-token";
    await adapter.createSession!({ sessionToken: fixed, userId: user.id, expires: new Date(Date.now() + 60_000) });
    const client = localClient(auth.fetch);
    client.jar.set("authjs.session-token", fixed);
    const created: string[] = [];
    const original = adapter.createSession!;
    adapter.createSession = async (session) => (created.push(session.sessionToken), original(session));
    await client.signIn({ username: "alice" }).catch(() => undefined);
    for (const token of created) expect(token).not.toBe(fixed);
  });
});

describe("tampered and foreign session cookies", () => {
  const { auth } = build();

  async function sessionWith(cookie: string) {
    const response = await auth.fetch(new Request("http://localhost:3000/auth/session", { headers: { cookie } }));
    return { body: await response.json(), cleared: response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;") || /authjs\.session-token=.*Max-Age=0/.test(c)) };
  }

  it("truncated, bit-flipped, foreign-secret and foreign-salt tokens give no session and are cleared", async () => {
    const good = await encode({ token: { sub: "alice", email: "alice@example.com" }, secret, salt: "authjs.session-token" });
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
    const variants = [
      good.slice(0, -1),
      good.slice(0, good.length / 2),
      flip(good, good.length - 5),
      flip(good, good.indexOf(".", good.indexOf("..") + 2) + 3),
      await encode({ token: { sub: "alice" }, secret: "another-secret-0123456789abcdefghijklmno", salt: "authjs.session-token" }),
      await encode({ token: { sub: "alice" }, secret, salt: "authjs.state" }),
      await encode({ token: { sub: "alice" }, secret, salt: "__Secure-authjs.session-token" }),
    ];
    for (const token of variants) {
      const { body, cleared } = await sessionWith(`authjs.session-token=${token}`);
      expect(body).toBeNull();
      expect(cleared).toBe(true);
    }
    expect((await sessionWith(`authjs.session-token=${good}`)).body).toMatchObject({ user: { email: "alice@example.com" } });
  });

  it("a chunk missing from a chunked session gives no session", async () => {
    const big = await encode({ token: { sub: "alice", email: "alice@example.com", blob: "x".repeat(9000) }, secret, salt: "authjs.session-token" });
    const chunks = big.match(/.{1,3936}/g)!;
    const cookie = chunks.map((c, i) => `authjs.session-token.${i}=${c}`).filter((_, i) => i !== 1).join("; ");
    expect((await sessionWith(cookie)).body).toBeNull();
    const whole = chunks.map((c, i) => `authjs.session-token.${i}=${c}`).join("; ");
    expect((await sessionWith(whole)).body).toMatchObject({ user: { email: "alice@example.com" } });
  });
});

describe("check cookies of one flow used in another", () => {
  it("a state cookie moved into the nonce or PKCE cookie is refused", async () => {
    const { auth } = build();
    const client = localClient(auth.fetch);
    const started = await client.send("/signin/idp", { form: { csrfToken: await client.csrfToken() } });
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    const stateCookie = client.jar.get("authjs.state")!;
    client.jar.set("authjs.nonce", stateCookie);
    const response = await client.send(`/callback/idp?code=abc&state=${state}`);
    expect(response.headers.get("location")).toMatch(/\/auth\/error\?error=Configuration$/);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("an email code cookie is no use as an OAuth check cookie", async () => {
    const { auth } = build();
    const client = localClient(auth.fetch);
    await client.send("/signin/email", { form: { csrfToken: await client.csrfToken(), email: "alice@example.com" } });
    const otpCookie = client.jar.get("sekisho.email-otp")!;
    await client.send("/signin/other", { form: { csrfToken: await client.csrfToken() } });
    client.jar.set("authjs.pkce.code_verifier", otpCookie);
    const state = "x";
    const response = await client.send(`/callback/other?code=abc&state=${state}`);
    expect(response.headers.get("location")).toMatch(/error=Configuration$/);
  });
});

describe("host-header injection", () => {
  it("with AUTH_URL, neither Host nor X-Forwarded-Host changes the origin of redirects", async () => {
    const auth = createAuth(
      { secret, providers: [Credentials({ credentials: {}, authorize: async () => null })], logger: { error: () => {} } },
      { env: { AUTH_URL: "https://app.example.com/auth", NODE_ENV: "production" } },
    );
    const response = await auth.fetch(new Request("https://evil.example/auth/signin?callbackUrl=/x", { headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" } }));
    const page = await response.text();
    expect(page).toContain("https://app.example.com/auth/callback/credentials");
    expect(page).not.toContain("evil.example");
  });

  it("in production without AUTH_URL or trustHost, start-up refuses to trust the host", () => {
    expect(() => createAuth({ secret, providers: [] }, { env: { NODE_ENV: "production" } })).toThrow(/AUTH_URL|trustHost/);
  });
});

describe("reflected values are escaped in every page", () => {
  const { auth } = build();
  const q = encodeURIComponent(evil);
  const pages = [
    `/signin?error=${q}`,
    `/signin?callbackUrl=${encodeURIComponent(`/"><script>alert(1)</script>`)}`,
    `/signin?email=${q}`,
    `/signout?callbackUrl=${encodeURIComponent(`/"><script>alert(1)</script>`)}`,
    `/error?error=${q}`,
    `/verify-request?provider=email&type=email&email=${q}&error=${q}`,
  ];
  for (const path of pages) {
    it(`GET ${path.split("?")[0]} with ${path.split("?")[1].slice(0, 30)}…`, async () => {
      const response = await auth.fetch(new Request(`http://localhost:3000/auth${path}`));
      const html = await response.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    });
  }
});

describe("timing-safe comparisons", () => {
  it("the CSRF token is compared with timingSafeEqual", async () => {
    const { auth } = build();
    const client = localClient(auth.fetch);
    const token = await client.csrfToken();
    vi.mocked(cryptoHelpers.timingSafeEqual).mockClear();
    await client.send("/callback/credentials", { form: { username: "alice", csrfToken: token } });
    expect(vi.mocked(cryptoHelpers.timingSafeEqual).mock.calls.some(([a, b]) => a === token && b === token)).toBe(true);
  });

  it("the OAuth state is compared with timingSafeEqual", async () => {
    const { auth } = build();
    const client = localClient(auth.fetch);
    const started = await client.send("/signin/other", { form: { csrfToken: await client.csrfToken() } });
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    vi.mocked(cryptoHelpers.timingSafeEqual).mockClear();
    await client.send(`/callback/other?code=abc&state=${state}`);
    expect(vi.mocked(cryptoHelpers.timingSafeEqual).mock.calls.some(([a, b]) => a === state && b === state)).toBe(true);
  });

  it("timingSafeEqual is correct for equal, different and different-length strings", () => {
    expect(cryptoHelpers.timingSafeEqual("abc", "abc")).toBe(true);
    expect(cryptoHelpers.timingSafeEqual("abc", "abd")).toBe(false);
    expect(cryptoHelpers.timingSafeEqual("abc", "abcd")).toBe(false);
    expect(cryptoHelpers.timingSafeEqual("", "")).toBe(true);
    expect(cryptoHelpers.timingSafeEqual("", "a")).toBe(false);
  });

  it("emailed tokens are stored hashed: the database never holds the link's token", async () => {
    const adapter = MemoryAdapter();
    const stored: string[] = [];
    const original = adapter.createVerificationToken;
    adapter.createVerificationToken = async (t) => (stored.push(t.token), original(t));
    const { auth, sent } = build({ adapter });
    const client = localClient(auth.fetch);
    await client.send("/signin/email", { form: { csrfToken: await client.csrfToken(), email: "alice@example.com" } });
    const token = new URL(sent[0]).searchParams.get("token")!;
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain(token);
  });
});
