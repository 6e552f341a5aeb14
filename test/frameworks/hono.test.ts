/** sekisho/hono in a real Hono app: the session on the context, the guard, lazy configuration from `c.env`. */
import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { honoAuth, type SessionVariables } from "../../shims/hono/index.js";
import { alice, createClient, credentialsProvider, origin, quietLogger, secret } from "../helpers/auth-client.js";
import { setCookiesOf } from "../helpers/cookie-jar.js";

type Bindings = { AUTH_SECRET: string; GREETING: string };
type AppEnv = { Bindings: Bindings; Variables: SessionVariables };

function buildApp(auth: ReturnType<typeof honoAuth<AppEnv>>) {
  const app = new Hono<AppEnv>();
  app.route("/", auth.app);
  app.get("/", auth.session, (c) => c.json({ session: c.get("session") }));
  app.get("/dashboard", auth.requireAuth(), (c) => c.text(`Hello, ${c.var.session?.user?.name}`));
  app.get("/api/me", auth.requireAuth({ api: true }), (c) => c.json(c.var.session));
  app.get("/page-only", auth.requireAuth({ api: false }), (c) => c.text("page"));
  app.get("/go-away", auth.session, () => Response.redirect(`${origin}/`, 302));
  return app;
}

/** A client that sends every request through `app.fetch` with the given bindings, like a Worker. */
function clientFor(app: Hono<AppEnv>, env: Bindings = { AUTH_SECRET: secret, GREETING: "hi" }) {
  return createClient({ origin, send: async (request) => app.fetch(request, env) });
}

const staticAuth = () =>
  honoAuth<AppEnv>({ secret, trustHost: true, providers: [credentialsProvider()], logger: quietLogger }, { env: {} });

describe("sekisho/hono", () => {
  it("mounts the auth routes and puts the session on the context", async () => {
    const client = clientFor(buildApp(staticAuth()));
    expect(await (await client.send(`${origin}/`)).json()).toEqual({ session: null });
    expect((await client.signIn()).status).toBe(302);
    const { session } = (await (await client.send(`${origin}/`)).json()) as { session: { user: unknown } };
    expect(session.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
  });

  it("redirects a page request without a session to sign-in, with the page as callbackUrl", async () => {
    const client = clientFor(buildApp(staticAuth()));
    const response = await client.send(`${origin}/dashboard?tab=1`, { headers: { accept: "text/html,*/*" } });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard?tab=1`);

    await client.signIn();
    const signedIn = await client.send(`${origin}/dashboard`, { headers: { accept: "text/html" } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe(`Hello, ${alice.name}`);
  });

  it("answers 401 to API requests without a session, and follows the explicit option", async () => {
    const client = clientFor(buildApp(staticAuth()));
    const api = await client.send(`${origin}/api/me`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: "Unauthorized" });
    const fetchLike = await client.send(`${origin}/dashboard`, { headers: { accept: "application/json" } });
    expect(fetchLike.status).toBe(401);
    const page = await client.send(`${origin}/page-only`, { headers: { accept: "application/json" } });
    expect(page.status).toBe(302);

    await client.signIn();
    expect(await (await client.send(`${origin}/api/me`)).json()).toMatchObject({ user: { email: alice.email } });
  });

  it("does not redirect the sign-in page to itself when it is guarded", async () => {
    const auth = honoAuth<AppEnv>(
      { secret, providers: [credentialsProvider()], logger: quietLogger, pages: { signIn: "/login" } },
      { env: {} },
    );
    const app = new Hono<AppEnv>();
    app.get("/login", auth.requireAuth(), (c) => c.text("login"));
    app.get("/private", auth.requireAuth(), (c) => c.text("private"));
    const client = clientFor(app);
    const loop = await client.send(`${origin}/login`, { headers: { accept: "text/html" } });
    expect(loop.status).toBe(401);
    const redirected = await client.send(`${origin}/private`, { headers: { accept: "text/html" } });
    expect(new URL(redirected.headers.get("location")!).pathname).toBe("/login");
  });

  it("hands the Hono context to lazy configuration, so bindings on c.env reach it", async () => {
    const seen: string[] = [];
    const auth = honoAuth<AppEnv>((c: Context<AppEnv>) => {
      seen.push(c.env.GREETING);
      return { secret: c.env.AUTH_SECRET, providers: [credentialsProvider()], logger: quietLogger };
    }, { env: {} });
    const app = buildApp(auth);
    const bindings = { AUTH_SECRET: "worker-binding-secret-0123456789abcdefghij", GREETING: "from-binding" };
    const client = clientFor(app, bindings);
    expect((await client.signIn()).status).toBe(302);
    expect(await (await client.send(`${origin}/api/me`)).json()).toMatchObject({ user: { name: alice.name } });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["from-binding"]));

    // The same cookie under another secret is no session: the secret really came from the binding.
    const other = clientFor(app, { ...bindings, AUTH_SECRET: "another-binding-secret-0123456789abcdefgh" });
    for (const name of client.jar.names()) other.jar.set(name, client.jar.get(name)!);
    expect((await other.send(`${origin}/api/me`)).status).toBe(401);
  });

  it("appends the refreshed session cookie, also to a response with immutable headers", async () => {
    const auth = honoAuth<AppEnv>(
      { secret, providers: [credentialsProvider()], logger: quietLogger, session: { updateAge: 0 } },
      { env: {} },
    );
    const client = clientFor(buildApp(auth));
    await client.signIn();
    const before = client.jar.get("authjs.session-token");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await client.send(`${origin}/go-away`);
    expect(response.status).toBe(302);
    const refreshed = setCookiesOf(response).find((cookie) => cookie.name === "authjs.session-token");
    expect(refreshed?.value).toBeTruthy();
    expect(refreshed?.value).not.toBe(before);
    expect(refreshed?.attributes.httponly).toBe(true);
  });

  it("clears an expired session cookie on a refused request", async () => {
    const client = clientFor(buildApp(staticAuth()));
    client.jar.set("authjs.session-token", "not-a-valid-token");
    const response = await client.send(`${origin}/api/me`);
    expect(response.status).toBe(401);
    const cleared = setCookiesOf(response).find((cookie) => cookie.name === "authjs.session-token");
    expect(cleared?.attributes["max-age"]).toBe("0");
  });
});
