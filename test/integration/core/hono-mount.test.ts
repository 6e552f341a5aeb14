import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, createClient, makeAuth, overHttp, type Transport } from "../../helpers/auth-client.js";

/** An app of its own that mounts sekisho and reads the session in its own routes. */
function hostApp() {
  const auth = makeAuth({ trustHost: true });
  const app = new Hono();
  app.route("/", auth.app);
  app.get("/", (c) => c.text("home"));
  app.get("/me", async (c) => {
    const session = await auth.auth(c.req.raw);
    return session ? c.json({ email: session.user?.email }) : c.json({ error: "signed out" }, 401);
  });
  app.get("/private", async (c) => {
    const { session, cookies } = await auth.session(c.req.raw);
    if (!session) return c.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(c.req.url)}`);
    cookies.forEach((cookie) => c.header("Set-Cookie", `${cookie.name}=${cookie.value}`, { append: true }));
    return c.text(`hello ${session.user?.name}`);
  });
  return { app, auth };
}

describe("sekisho mounted in a Hono app with app.route('/', auth.app)", () => {
  describe("through app.request", () => {
    const { app } = hostApp();
    const client = createClient({ origin: "http://localhost:3000", send: async (request) => app.request(request) });

    it("serves both the app's routes and sekisho's", async () => {
      expect(await (await client.send("http://localhost:3000/")).text()).toBe("home");
      expect(Object.keys((await (await client.send("/providers")).json()) as object)).toEqual(["credentials"]);
    });

    it("the app's own route sees the session after sign-in and not after sign-out", async () => {
      expect((await client.send("http://localhost:3000/me")).status).toBe(401);
      await client.signIn();
      const me = await client.send("http://localhost:3000/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({ email: alice.email });
      await client.signOut();
      expect((await client.send("http://localhost:3000/me")).status).toBe(401);
    });
  });

  describe("over real HTTP", () => {
    let transport: Transport;
    beforeAll(async () => {
      transport = await overHttp(hostApp().app.fetch);
    });
    afterAll(() => transport.close());

    it("signs in, reads the session in the app's route, guards a page, signs out", async () => {
      const client = createClient(transport);
      const guarded = await client.send(`${transport.origin}/private`);
      expect(guarded.status).toBe(302);
      expect(guarded.headers.get("location")).toMatch(/^\/auth\/signin\?callbackUrl=/);

      const signIn = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/private" });
      expect(signIn.headers.get("location")).toBe(`${transport.origin}/private`);
      const page = await client.send(`${transport.origin}/private`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(`hello ${alice.name}`);
      expect(await (await client.send(`${transport.origin}/me`)).json()).toEqual({ email: alice.email });

      await client.signOut();
      expect((await client.send(`${transport.origin}/me`)).status).toBe(401);
    });

    it("X-Forwarded-Host from a trusted proxy shapes the URLs; a malformed one is a 400", async () => {
      const client = createClient(transport);
      const providers = await client.send("/providers", { headers: { "x-forwarded-host": "public.example.com", "x-forwarded-proto": "https" } });
      expect(((await providers.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl).toBe(
        "https://public.example.com/auth/signin/credentials",
      );
      const bad = await client.send("/providers", { headers: { "x-forwarded-host": "evil.com/x" } });
      expect(bad.status).toBe(400);
    });
  });
});
