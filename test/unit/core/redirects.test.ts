import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { alice, localClient, makeAuth, origin, type Client } from "../../helpers/auth-client.js";

/** Values that parse but point elsewhere: each must land on the app's own origin. */
const foreign = [
  "https://evil.com",
  "HTTPS://EVIL.COM/path",
  "//evil.com",
  "//evil.com/%2F..",
  "/\\evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  "http://localhost:3000@evil.com",
  "http://localhost:3000:pw@evil.com/",
  "http://user@localhost:3000/",
  "http://localhost.evil.com:3000/",
  "https://localhost:3000/",
  "http://evil.com/http://localhost:3000/",
  " https://evil.com",
  "/%0d%0aLocation:%20https://evil.com",
];

/** Values that cannot be used at all: a 400, never a 500. */
const malformed = [
  "\r\nLocation: https://evil.com",
  "/next\r\nSet-Cookie: pwned=1",
  "/a\u0000b",
  "/a\u0007b",
  "/\tevil.com",
  "https://evil.com\u0085",
  "http://[::1",
  "http://localhost:3000.evil.com/",
  "/" + "a".repeat(5000),
];

function expectSameOrigin(url: string) {
  const parsed = new URL(url, origin);
  expect(parsed.origin).toBe(origin);
  expect(parsed.host).toBe("localhost:3000");
  expect(parsed.username + parsed.password).toBe("");
  expect(url.toLowerCase()).not.toMatch(/[\r\n]|javascript:|data:/);
}

function expectRedirectHome(response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  expectSameOrigin(location);
  return location;
}

async function expectRejected(response: Response) {
  expect(response.status).toBe(400);
  const body = await response.text();
  expect(body).not.toMatch(/\n\s+at /);
  expect(response.headers.get("location")).toBeNull();
}

function clientWith(config: Partial<AuthConfig> = {}): Client {
  return localClient(makeAuth(config).fetch);
}

const signInWith = async (client: Client, callbackUrl: string) =>
  client.send("/callback/credentials", {
    form: { username: "alice", password: alice.password, csrfToken: await client.csrfToken(), callbackUrl },
  });

const signOutWith = async (client: Client, callbackUrl: string) => {
  await client.signIn();
  return client.send("/signout", { form: { csrfToken: await client.csrfToken(), callbackUrl } });
};

describe.each([
  ["credentials sign-in", signInWith],
  ["sign-out", signOutWith],
])("callbackUrl on %s", (_label, post) => {
  it.each(foreign)("%j stays on the origin", async (value) => {
    const client = clientWith();
    const location = expectRedirectHome(await post(client, value));
    expect(new URL(location).hostname).toBe("localhost");
    const remembered = client.jar.get("authjs.callback-url");
    if (remembered) expectSameOrigin(decodeURIComponent(remembered));
  });

  it.each(malformed)("%j is a 400", async (value) => {
    const client = clientWith();
    await expectRejected(await post(client, value));
    expect(client.jar.get("authjs.callback-url")).toBeUndefined();
  });

  // A path that begins "//" is a host to whatever reads it as a relative URL next (a framework's trailing-slash
  // redirect, an app's `redirect(url.pathname)`), so dot segments must not make one.
  it.each(["/.//evil.com", "/..//evil.com", "/x/../..//evil.com", "/%2e//evil.com", `${origin}//evil.com`, `${origin}/.//evil.com`])(
    "%j never becomes a path that begins //",
    async (value) => {
      const location = expectRedirectHome(await post(clientWith(), value));
      expect(new URL(location).pathname).not.toMatch(/^\/\//);
    },
  );

  it("a same-origin path is kept", async () => {
    const client = clientWith();
    const response = await post(client, "/account?tab=1#top");
    expect(response.headers.get("location")).toBe(`${origin}/account?tab=1#top`);
  });
});

describe("callbackUrl in the query", () => {
  it.each(foreign)("GET /signin?callbackUrl=%j passes only the origin on to pages.signIn", async (value) => {
    const client = clientWith({ pages: { signIn: "/login" } });
    const response = await client.send(`/signin?callbackUrl=${encodeURIComponent(value)}`);
    expect(response.status).toBe(302);
    const callbackUrl = new URL(response.headers.get("location")!, origin).searchParams.get("callbackUrl")!;
    expectSameOrigin(callbackUrl);
  });

  it.each(foreign)("the built-in sign-in page never carries %j", async (value) => {
    const client = clientWith();
    const response = await client.send(`/signin?callbackUrl=${encodeURIComponent(value)}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    const carried = [...page.matchAll(/name="callbackUrl" value="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
    expect(carried.length).toBeGreaterThan(0);
    carried.forEach(expectSameOrigin);
    expect(page.toLowerCase()).not.toContain("javascript:alert");
  });

  it.each(malformed)("GET /signin?callbackUrl=%j is a 400", async (value) => {
    await expectRejected(await clientWith().send(`/signin?callbackUrl=${encodeURIComponent(value)}`));
  });

  it("a query callbackUrl is used by credentials sign-in when the body has none", async () => {
    const client = clientWith();
    const response = await client.send(`/callback/credentials?callbackUrl=${encodeURIComponent("https://evil.com")}`, {
      form: { username: "alice", password: alice.password, csrfToken: await client.csrfToken() },
    });
    expectRedirectHome(response);
  });
});

describe("callbackUrl precedence and types", () => {
  it("the body wins over the query, the query over the cookie, the cookie over the origin", async () => {
    const client = clientWith();
    client.jar.set("authjs.callback-url", encodeURIComponent(`${origin}/cookie`));
    const form = async (extra: Record<string, string>) => ({ username: "alice", password: alice.password, csrfToken: await client.csrfToken(), ...extra });
    const both = await client.send("/callback/credentials?callbackUrl=%2Fquery", { form: await form({ callbackUrl: "/body" }) });
    expect(both.headers.get("location")).toBe(`${origin}/body`);
    client.jar.set("authjs.callback-url", encodeURIComponent(`${origin}/cookie`));
    const query = await client.send("/callback/credentials?callbackUrl=%2Fquery", { form: await form({}) });
    expect(query.headers.get("location")).toBe(`${origin}/query`);
    client.jar.set("authjs.callback-url", encodeURIComponent(`${origin}/cookie`));
    expect((await client.send("/callback/credentials", { form: await form({}) })).headers.get("location")).toBe(`${origin}/cookie`);
    client.jar.delete("authjs.callback-url");
    expect((await client.send("/callback/credentials", { form: await form({}) })).headers.get("location")).toBe(`${origin}/`);
  });

  it.each([[{ url: "/x" }], [["/x"]], [42], [true]])("a JSON callbackUrl of %j is a 400", async (callbackUrl) => {
    const client = clientWith();
    const response = await client.send("/callback/credentials", {
      json: { username: "alice", password: alice.password, csrfToken: await client.csrfToken(), callbackUrl },
    });
    await expectRejected(response);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });
});

describe("callback-url cookie", () => {
  it("a foreign URL planted in the cookie is not followed", async () => {
    const client = clientWith();
    client.jar.set("authjs.callback-url", encodeURIComponent("https://evil.com/phish"));
    expect(expectRedirectHome(await client.signIn())).toBe(`${origin}/`);
  });

  it("a malformed cookie is ignored rather than failing the sign-in", async () => {
    const client = clientWith();
    client.jar.set("authjs.callback-url", "%0d%0aLocation:%20https://evil.com");
    expect(expectRedirectHome(await client.signIn())).toBe(`${origin}/`);
  });

  it("a same-origin URL in the cookie is used", async () => {
    const client = clientWith();
    client.jar.set("authjs.callback-url", encodeURIComponent(`${origin}/from-cookie`));
    expect((await client.signIn()).headers.get("location")).toBe(`${origin}/from-cookie`);
  });
});

describe("redirect callback output", () => {
  it.each([
    "https://ok.example.com/\r\nSet-Cookie: pwned=1",
    "/x\u0000",
    "http://[bad",
  ])("an unusable result %j falls back to the origin", async (result) => {
    const client = clientWith({ callbacks: { redirect: () => result } });
    const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/next" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!).href).toBe(`${origin}/`);
  });

  it("a result the app chooses is honoured", async () => {
    const client = clientWith({ callbacks: { redirect: ({ url }) => (url.endsWith("/partner") ? "https://partner.example.com/" : url) } });
    const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/partner" });
    expect(response.headers.get("location")).toBe("https://partner.example.com/");
  });
});

describe("in-process redirectTo", () => {
  it.each(foreign)("signIn redirectTo %j stays on the origin", async (value) => {
    const auth = makeAuth();
    const result = await auth.signIn("credentials", { username: "alice", password: alice.password, redirectTo: value }, undefined, {
      request: new Request(`${origin}/page`),
    });
    expectSameOrigin(result.url);
  });

  it.each(foreign)("signOut redirectTo %j stays on the origin", async (value) => {
    const auth = makeAuth();
    const result = await auth.signOut({ redirectTo: value }, { request: new Request(`${origin}/page`) });
    expectSameOrigin(result.url);
  });
});
