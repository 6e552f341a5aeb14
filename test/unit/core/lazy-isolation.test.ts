import { describe, expect, it } from "vitest";
import { createAuth, type AuthConfig } from "../../../src/index.js";
import { adapterWithAlice, alice, captureOutput, credentialsProvider, localClient, makeAuth, origin, secret } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

const secretA = "tenant-a-secret-0123456789abcdef0123456789";
const secretB = "tenant-b-secret-0123456789abcdef0123456789";

function tenantConfig(tenant: string | null): AuthConfig {
  return {
    providers: [credentialsProvider()],
    secret: tenant === "b" ? secretB : secretA,
    callbacks: { session: ({ session }) => ({ ...session, tenant }) },
  };
}

describe("lazy configuration", () => {
  it.each([
    ["sync", (request: Request | undefined) => tenantConfig(request?.headers.get("x-tenant") ?? null)],
    ["async", async (request: Request | undefined) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return tenantConfig(request?.headers.get("x-tenant") ?? null);
    }],
  ])("a %s function of the request configures each request", async (_label, lazy) => {
    const seen: string[] = [];
    const auth = createAuth((request) => {
      if (request) seen.push(new URL(request.url).pathname);
      return lazy(request);
    }, { env: {} });
    const a = localClient(auth.fetch);
    const signIn = await a.signIn(undefined, { "x-tenant": "a" });
    expect(signIn.status).toBe(302);
    expect(seen).toContain("/auth/callback/credentials");

    const cookie = a.jar.header();
    const asA = await auth.auth(new Request(`${origin}/`, { headers: { cookie, "x-tenant": "a" } }));
    expect(asA).toMatchObject({ tenant: "a", user: { email: alice.email } });
    expect(seen).toContain("/");
    // Tenant b has another secret: a's cookie means nothing there.
    expect(await auth.auth(new Request(`${origin}/`, { headers: { cookie, "x-tenant": "b" } }))).toBeNull();
    const response = await a.send("/session", { headers: { cookie, "x-tenant": "b" } });
    expect(await response.json()).toBeNull();
    expect(setCookiesOf(response).every(isDeletion)).toBe(true);
  });

  it("a basePath in the lazy config must match where the routes are mounted, or requests fail loudly", async () => {
    const lazy = () => ({ providers: [credentialsProvider()], secret, basePath: "/api/auth" });
    const matching = createAuth(lazy, { env: {}, defaultBasePath: "/api/auth" });
    const ok = await matching.fetch(new Request(`${origin}/api/auth/providers`));
    expect(((await ok.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl).toBe(`${origin}/api/auth/signin/credentials`);

    const mismatched = createAuth(lazy, { env: {} });
    let response: Response | undefined;
    const lines = await captureOutput(async () => {
      response = await mismatched.fetch(new Request(`${origin}/auth/providers`));
    });
    // Never advertise URLs under a path nothing answers on.
    expect(response!.status).toBe(500);
    expect(await response!.text()).not.toContain("/api/auth/signin");
    expect(lines.join("\n")).toMatch(/basePath.*\/api\/auth.*defaultBasePath/);
    let session: unknown = "unset";
    const authLines = await captureOutput(async () => {
      session = await mismatched.auth(new Request(`${origin}/`));
    });
    expect(session).toBeNull();
    expect(authLines.join("\n")).toContain("basePath");
  });

  it("in-process calls hand the request to the lazy config", async () => {
    const seen: (string | undefined)[] = [];
    const auth = createAuth((request) => {
      seen.push(request?.headers.get("x-tenant") ?? undefined);
      return tenantConfig("a");
    }, { env: {} });
    const result = await auth.signIn("credentials", { username: "alice", password: alice.password }, undefined, {
      request: new Request(`${origin}/page`, { headers: { "x-tenant": "a" } }),
    });
    expect(result.cookies.some((c) => c.name === "authjs.session-token")).toBe(true);
    expect(seen[0]).toBe("a");
  });
});

describe("two instances in one process", () => {
  it("do not accept each other's session or CSRF cookies", async () => {
    const one = makeAuth({ secret: secretA });
    const two = makeAuth({ secret: secretB });
    const a = localClient(one.fetch);
    await a.signIn();
    const request = new Request(`${origin}/`, { headers: { cookie: a.jar.header() } });
    expect(await one.auth(request)).not.toBeNull();
    expect(await two.auth(request)).toBeNull();

    const b = localClient(two.fetch);
    b.jar.set("authjs.csrf-token", a.jar.get("authjs.csrf-token")!);
    const csrfFromA = decodeURIComponent(a.jar.get("authjs.csrf-token")!).split("|")[0];
    const response = await b.send("/callback/credentials", { form: { username: "alice", password: alice.password, csrfToken: csrfFromA } });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
  });

  it("keep their own basePath, callbacks and cookie names", async () => {
    const one = makeAuth({ basePath: "/one", callbacks: { session: ({ session }) => ({ ...session, from: "one" }) } });
    const two = makeAuth({ basePath: "/two", cookies: { sessionToken: { name: "two.session" } } });
    expect(one.basePath).toBe("/one");
    expect(two.basePath).toBe("/two");
    expect((await one.fetch(new Request(`${origin}/two/providers`))).status).toBe(404);

    const a = localClient(one.fetch, "/one");
    const b = localClient(two.fetch, "/two");
    await a.signIn();
    await b.signIn();
    expect(a.jar.get("authjs.session-token")).toBeDefined();
    expect(b.jar.get("two.session")).toBeDefined();
    expect(b.jar.get("authjs.session-token")).toBeUndefined();
    expect(await a.session()).toMatchObject({ from: "one" });
    expect(await b.session()).not.toHaveProperty("from");
  });

  it("the same secret but a different cookie name does not share sessions (the name is the key's salt)", async () => {
    const one = makeAuth();
    const two = makeAuth({ cookies: { sessionToken: { name: "other.session" } } });
    const a = localClient(one.fetch);
    await a.signIn();
    const value = a.jar.get("authjs.session-token")!;
    expect(await two.auth(new Request(`${origin}/`, { headers: { cookie: `other.session=${value}` } }))).toBeNull();
  });
});

describe("auth(request) fails closed", () => {
  async function neverThrows(run: () => Promise<unknown>) {
    let result: unknown = "not called";
    const lines = await captureOutput(async () => {
      result = await run();
    });
    return { result, lines };
  }

  it("a lazy config that throws gives null and a log line", async () => {
    const auth = createAuth(() => {
      throw new Error("config store down");
    }, { env: {} });
    const { result, lines } = await neverThrows(() => auth.auth(new Request(`${origin}/`)));
    expect(result).toBeNull();
    expect(lines.some((line) => line.includes("config store down"))).toBe(true);
  });

  it("an async lazy config that rejects, or resolves to an invalid config, gives null", async () => {
    const rejecting = createAuth(async () => Promise.reject(new Error("nope")), { env: {} });
    expect((await neverThrows(() => rejecting.auth(new Request(`${origin}/`)))).result).toBeNull();
    const invalid = createAuth(async () => ({ providers: [], secret, session: { strategy: "database" as const } }), { env: {} });
    expect((await neverThrows(() => invalid.auth(new Request(`${origin}/`)))).result).toBeNull();
  });

  it("an adapter that throws under the database strategy gives null, logged as AdapterError", async () => {
    const { adapter, provider } = await adapterWithAlice();
    const errors: Error[] = [];
    let broken = false;
    const auth = makeAuth({
      providers: [provider],
      adapter: {
        ...adapter,
        getSessionAndUser: async (token) => {
          if (broken) throw new Error("connection refused");
          return adapter.getSessionAndUser!(token);
        },
      },
      logger: { error: (error) => void errors.push(error), warn: () => {} },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    const request = new Request(`${origin}/`, { headers: { cookie: client.jar.header() } });
    expect(await auth.auth(request)).not.toBeNull();
    broken = true;
    expect(await auth.auth(request)).toBeNull();
    expect(errors.map((error) => (error as { type?: string }).type)).toContain("AdapterError");
    const response = await client.send("/session");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("connection refused");
  });

  it("a session callback that throws, or returns a non-object, gives null", async () => {
    for (const session of [() => { throw new Error("bug"); }, () => "yes", () => true]) {
      const auth = makeAuth({ callbacks: { session: session as never } });
      const client = localClient(auth.fetch);
      await client.signIn();
      const result = await auth.auth(new Request(`${origin}/`, { headers: { cookie: client.jar.header() } }));
      expect(result).toBeNull();
    }
  });

  it("a logger that throws does not make auth() throw", async () => {
    const auth = makeAuth({
      logger: {
        error: () => {
          throw new Error("logger broken");
        },
      },
      callbacks: {
        session: () => {
          throw new Error("bug");
        },
      },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    await expect(auth.auth(new Request(`${origin}/`, { headers: { cookie: client.jar.header() } }))).resolves.toBeNull();
  });

  it("session() returns no cookies when it fails", async () => {
    const auth = createAuth(() => {
      throw new Error("down");
    }, { env: {} });
    const { result } = await neverThrows(() => auth.session(new Request(`${origin}/`)));
    expect(result).toEqual({ session: null, cookies: [] });
  });
});
