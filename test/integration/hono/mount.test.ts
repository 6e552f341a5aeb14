import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Auth } from "../../../src/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import Credentials from "../../../src/providers/credentials.js";

const secret = "hono-mount-test-secret-0123456789abcdef";
const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.com" };

function credentialsAuth(basePath?: string): Auth {
  return createAuth({
    secret,
    trustHost: true,
    basePath,
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) => (username === "ada" && password === "engine" ? ada : null),
      }),
    ],
  });
}

/** A host app of its own: a public route, and one that answers from the session. */
function hostApp(auth: Auth): Hono {
  const app = new Hono();
  app.route("/", auth.app);
  app.get("/health", (c) => c.text("ok"));
  app.get("/me", async (c) => {
    const session = await auth.auth(c.req.raw);
    return session?.user ? c.json({ name: session.user.name }) : c.json({ error: "unauthorized" }, 401);
  });
  return app;
}

interface Running {
  url: string;
  server: ServerType;
}

function listen(app: Hono): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, server }),
    );
  });
}

function close({ server }: Running): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

/** A browser-like cookie store: keeps the latest value per name, drops cleared cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.endsWith("=");
        if (expired) cookies.delete(name);
        else cookies.set(name, pair);
      }
    },
    header: () => [...cookies.values()].join("; "),
    has: (name: string) => cookies.has(name),
  };
}

let host: Running;

beforeAll(async () => {
  host = await listen(hostApp(credentialsAuth()));
});

afterAll(async () => {
  await close(host);
});

describe("sekisho mounted in a Hono app on Node", () => {
  it("serves the auth routes under /auth with URLs of the host", async () => {
    const response = await fetch(`${host.url}/auth/providers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${host.url}/auth/signin/credentials`,
        callbackUrl: `${host.url}/auth/callback/credentials`,
      },
    });
  });

  it("leaves the host's own routes and 404s to the host", async () => {
    const health = await fetch(`${host.url}/health`);
    expect(await health.text()).toBe("ok");
    const missing = await fetch(`${host.url}/nothing-here`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("lets a host route read the session across sign-in and sign-out", async () => {
    const jar = cookieJar();
    const before = await fetch(`${host.url}/me`);
    expect(before.status).toBe(401);
    await before.arrayBuffer();

    const csrf = await fetch(`${host.url}/auth/csrf`);
    jar.store(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };

    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${host.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams(fields),
      });

    const wrong = await post("/auth/callback/credentials", { csrfToken, username: "ada", password: "wrong" });
    expect(wrong.status).toBe(302);
    expect(new URL(wrong.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin");
    jar.store(wrong);
    expect(jar.has("authjs.session-token")).toBe(false);

    const signIn = await post("/auth/callback/credentials", { csrfToken, username: "ada", password: "engine", callbackUrl: "/me" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${host.url}/me`);
    jar.store(signIn);
    expect(jar.has("authjs.session-token")).toBe(true);

    const me = await fetch(`${host.url}/me`, { headers: { cookie: jar.header() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ name: "Ada Lovelace" });

    const signOut = await post("/auth/signout", { csrfToken, callbackUrl: "/health" });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe(`${host.url}/health`);
    jar.store(signOut);
    expect(jar.has("authjs.session-token")).toBe(false);

    const after = await fetch(`${host.url}/me`, { headers: { cookie: jar.header() } });
    expect(after.status).toBe(401);
    await after.arrayBuffer();
  });

  it("refuses a forged session cookie", async () => {
    const forged = await fetch(`${host.url}/me`, { headers: { cookie: "authjs.session-token=not-a-token" } });
    expect(forged.status).toBe(401);
    await forged.arrayBuffer();
  });

  it("mounts under a custom basePath without claiming /auth", async () => {
    const custom = await listen(hostApp(credentialsAuth("/api/auth")));
    try {
      const session = await fetch(`${custom.url}/api/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
      const old = await fetch(`${custom.url}/auth/session`);
      expect(old.status).toBe(404);
      await old.arrayBuffer();
    } finally {
      await close(custom);
    }
  });
});
