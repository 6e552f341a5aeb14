/**
 * sekisho/next outside a running Next.js server: route handlers, the middleware flow with real
 * NextRequests, auth(handler), and the pages-router call shapes against a real Node HTTP server.
 * Server components and server actions need Next's request scope; next-app.spec.ts covers them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import NextAuth, { type NextAuthConfig } from "../../shims/next/index.js";
import { alice, createClient, credentialsProvider, origin, quietLogger, secret } from "../helpers/auth-client.js";
import { setCookiesOf } from "../helpers/cookie-jar.js";

function nextAuth(config: Partial<NextAuthConfig> = {}) {
  return NextAuth({ secret, trustHost: true, providers: [credentialsProvider()], logger: quietLogger, ...config });
}

/** A signed-in cookie header for alice, obtained through the route handlers. */
async function signedInCookie(result: ReturnType<typeof nextAuth>): Promise<string> {
  const client = createClient(
    { origin, send: async (request) => result.handlers[request.method as "GET" | "POST"](new NextRequest(request)) },
    "/api/auth",
  );
  const response = await client.signIn();
  expect(response.status).toBe(302);
  return client.jar.header();
}

const request = (path: string, cookie = "") => new NextRequest(`${origin}${path}`, { headers: cookie ? { cookie } : {} });

describe("sekisho/next route handlers", () => {
  it("serve the routes under /api/auth", async () => {
    const { handlers } = nextAuth();
    const response = await handlers.GET(request("/api/auth/providers"));
    expect(await response.json()).toMatchObject({ credentials: { signinUrl: `${origin}/api/auth/signin/credentials` } });
    const cookie = await signedInCookie(nextAuth());
    const session = await (await handlers.GET(request("/api/auth/session", cookie))).json();
    expect(session.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
  });
});

describe("sekisho/next middleware: auth(request)", () => {
  const protect = ({ auth, request }: { auth: unknown; request: Request }) =>
    new URL(request.url).pathname.startsWith("/dashboard") ? Boolean(auth) : true;

  it("lets everything through without an authorized callback", async () => {
    const response = await nextAuth().auth(request("/dashboard"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("redirects to sign-in with callbackUrl when authorized returns false, and passes a signed-in request", async () => {
    const result = nextAuth({ callbacks: { authorized: protect } });
    const refused = await result.auth(request("/dashboard/settings?tab=2"));
    expect(refused.status).toBe(307);
    const location = new URL(refused.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${origin}/api/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard/settings?tab=2`);

    const allowed = await result.auth(request("/dashboard", await signedInCookie(result)));
    expect(allowed.headers.get("x-middleware-next")).toBe("1");
  });

  it("hands the session and the NextRequest to the authorized callback", async () => {
    const seen: unknown[] = [];
    const result = nextAuth({
      callbacks: {
        // Typed NextRequest, as in next-auth: `nextUrl` compiles and is there.
        authorized: ({ auth, request }) => {
          seen.push([auth, request.nextUrl.pathname]);
          return true;
        },
      },
    });
    await result.auth(request("/a", await signedInCookie(result)));
    expect(seen).toEqual([[expect.objectContaining({ user: expect.objectContaining({ email: alice.email }) }), "/a"]]);
  });

  it("never redirects the sign-in page or the auth routes to sign-in", async () => {
    const result = nextAuth({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } });
    expect(new URL((await result.auth(request("/dashboard"))).headers.get("location")!).pathname).toBe("/login");
    expect((await result.auth(request("/login?callbackUrl=%2F"))).headers.get("x-middleware-next")).toBe("1");
    expect((await result.auth(request("/api/auth/session"))).headers.get("x-middleware-next")).toBe("1");
  });

  it("passes a Response from the authorized callback through", async () => {
    const result = nextAuth({ callbacks: { authorized: () => Response.json({ denied: true }, { status: 403 }) } });
    const response = await result.auth(request("/anything"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ denied: true });
  });

  it("detects a redirect from a page to itself instead of looping", async () => {
    const errors: Error[] = [];
    const result = nextAuth({
      logger: { ...quietLogger, error: (error) => void errors.push(error) },
      callbacks: { authorized: ({ request }) => Response.redirect(new URL("/loop?x=1", request.url), 302) },
    });
    const looping = await result.auth(request("/loop?x=1"));
    expect(looping.status).toBe(500);
    expect(errors.map((error) => error.name)).toEqual(["ErrorPageLoop"]);
    const elsewhere = await result.auth(request("/other"));
    expect(elsewhere.status).toBe(302);
  });

  it("appends the refreshed session cookie, also to a Response with immutable headers", async () => {
    const result = nextAuth({
      session: { updateAge: 0 },
      callbacks: { authorized: ({ request }) => (new URL(request.url).pathname === "/moved" ? Response.redirect(`${origin}/new`, 302) : true) },
    });
    const cookie = await signedInCookie(result);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const path of ["/page", "/moved"]) {
      const response = await result.auth(request(path, cookie));
      const refreshed = setCookiesOf(response).find((c) => c.name === "authjs.session-token");
      expect(refreshed?.value, path).toBeTruthy();
      expect(`authjs.session-token=${refreshed?.value}`).not.toBe(cookie);
    }
  });

  it("fails closed with a 500 when the configuration cannot be resolved", async () => {
    const result = NextAuth(() => {
      throw new Error("the configuration is broken");
    });
    const response = await result.auth(request("/dashboard"));
    expect(response.status).toBe(500);
    expect(response.headers.get("x-middleware-next")).toBeNull();
  });

  it("gives lazy configuration the incoming request", async () => {
    const paths: string[] = [];
    const result = NextAuth((req) => {
      if (req) paths.push(new URL(req.url).pathname);
      return { secret, trustHost: true, providers: [credentialsProvider()], logger: quietLogger };
    });
    await result.auth(request("/seen-by-config"));
    expect(paths).toContain("/seen-by-config");
  });
});

describe("sekisho/next auth(handler)", () => {
  it("returns the wrapped handler at once, which finds the session on request.auth", async () => {
    const result = nextAuth();
    const GET = result.auth((req) => Response.json({ user: req.auth?.user?.email ?? null }));
    expect(typeof GET).toBe("function");
    expect(await (await GET(request("/api/me"))).json()).toEqual({ user: null });
    expect(await (await GET(request("/api/me", await signedInCookie(result)))).json()).toEqual({ user: alice.email });
  });

  it("continues when the handler returns nothing", async () => {
    const middleware = nextAuth().auth(() => undefined);
    expect((await middleware(request("/x"))).headers.get("x-middleware-next")).toBe("1");
  });
});

describe("sekisho/next in the pages router", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A real Node server whose handler runs `handle`, answering with its JSON. */
  async function serve(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>) {
    const server = createServer(async (req, res) => {
      res.setHeader("set-cookie", "app=kept; Path=/");
      const body = JSON.stringify(await handle(req, res));
      res.setHeader("content-type", "application/json");
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  it("reads the session with auth(req, res) and auth({ req, res }), keeping the app's own Set-Cookie", async () => {
    const result = nextAuth({ session: { updateAge: 0 } });
    const cookie = await signedInCookie(result);
    const url = await serve(async (req, res) => ({
      pair: await result.auth(req, res),
      context: await result.auth({ req, res }),
    }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.json();
    expect(body.pair.user.email).toBe(alice.email);
    expect(body.context.user.email).toBe(alice.email);
    const names = setCookiesOf(response).map((c) => c.name);
    expect(names[0]).toBe("app");
    expect(names).toContain("authjs.session-token");

    expect(await (await fetch(url)).json()).toEqual({ pair: null, context: null });
  });

  it("fails closed: a broken configuration gives null", async () => {
    const result = NextAuth(() => {
      throw new Error("the configuration is broken");
    });
    const url = await serve((req, res) => result.auth(req, res));
    expect(await (await fetch(url)).json()).toBeNull();
  });
});

describe("sekisho/next configuration checks", () => {
  it("checks a static configuration at start-up, but not while next build loads the modules", () => {
    const names = ["NODE_ENV", "NEXT_PHASE", "AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL"];
    const saved = names.map((name) => [name, process.env[name]] as const);
    try {
      process.env.NODE_ENV = "production";
      for (const name of ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL"]) delete process.env[name];
      expect(() => NextAuth({ trustHost: true, providers: [], logger: quietLogger })).toThrow(/AUTH_SECRET/);
      process.env.NEXT_PHASE = "phase-production-build";
      expect(() => NextAuth({ trustHost: true, providers: [], logger: quietLogger })).not.toThrow();
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
