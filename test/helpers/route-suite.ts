/**
 * The route table of REFERENCE.md, as one suite run twice: with `Request` objects handed to
 * `auth.fetch`, and over real HTTP through @hono/node-server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { skipCSRFCheck, type AuthConfig } from "../../src/index.js";
import { alice, createClient, makeAuth, type Client, type Connect, type Transport } from "./auth-client.js";
import { isDeletion, setCookiesOf } from "./cookie-jar.js";

const noCache = { "cache-control": "private, no-cache, no-store", expires: "0", pragma: "no-cache" };

function expectNoCache(response: Response) {
  for (const [name, value] of Object.entries(noCache)) expect(response.headers.get(name), name).toBe(value);
}

async function expectJsonError(response: Response, status = 400) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: string };
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at /);
  return body;
}

function locationOf(response: Response, client: Client): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!, client.origin);
}

export function describeRoutes(label: string, connect: Connect) {
  describe(`routes (${label})`, () => {
    const open: Transport[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((transport) => transport.close()));
    });

    async function clientFor(config: Partial<AuthConfig> = {}) {
      const auth = makeAuth(config);
      const transport = await connect(auth.fetch);
      open.push(transport);
      return { auth, client: createClient(transport) };
    }

    describe("GET /providers", () => {
      it("lists each provider with absolute sign-in and callback URLs", async () => {
        const { client } = await clientFor();
        const response = await client.send("/providers");
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          credentials: {
            id: "credentials",
            name: "Credentials",
            type: "credentials",
            signinUrl: `${client.base}/signin/credentials`,
            callbackUrl: `${client.base}/callback/credentials`,
          },
        });
      });
    });

    describe("GET /session", () => {
      it("answers null without a session, uncacheable", async () => {
        const { client } = await clientFor();
        const response = await client.send("/session");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expectNoCache(response);
        expect(await response.text()).toBe("null");
      });

      it("answers the session after sign-in, uncacheable", async () => {
        const { client } = await clientFor();
        await client.signIn();
        const response = await client.send("/session");
        expect(response.status).toBe(200);
        expectNoCache(response);
        const session = (await response.json()) as { user: unknown; expires: string };
        expect(session.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
        expect(Date.parse(session.expires)).toBeGreaterThan(Date.now() + 29 * 86400_000);
      });
    });

    describe("POST /session", () => {
      it("updates the session with {csrfToken, data}", async () => {
        const { client } = await clientFor({
          callbacks: {
            jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, name: session.name } : token),
          },
        });
        await client.signIn();
        const response = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { name: "Alice L." } } });
        expect(response.status).toBe(200);
        expectNoCache(response);
        expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Alice L.");
        expect(((await client.session()) as { user: { name: string } }).user.name).toBe("Alice L.");
      });

      it("answers 400 null when the CSRF token is missing", async () => {
        const { client } = await clientFor();
        await client.signIn();
        const response = await client.send("/session", { json: { data: { name: "Mallory" } } });
        expect(response.status).toBe(400);
        expect(await response.text()).toBe("null");
        expect(((await client.session()) as { user: { name: string } }).user.name).toBe(alice.name);
      });
    });

    describe("GET /csrf", () => {
      it("issues a token and its cookie once, then reuses the cookie", async () => {
        const { client } = await clientFor();
        const first = await client.send("/csrf");
        expect(first.status).toBe(200);
        expectNoCache(first);
        const { csrfToken } = (await first.json()) as { csrfToken: string };
        expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
        const [cookie] = setCookiesOf(first);
        expect(cookie.name).toBe("authjs.csrf-token");
        expect(decodeURIComponent(cookie.value)).toMatch(new RegExp(`^${csrfToken}\\|[0-9a-f]{64}$`));
        expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });

        const second = await client.send("/csrf");
        expect(((await second.json()) as { csrfToken: string }).csrfToken).toBe(csrfToken);
        expect(second.headers.getSetCookie()).toEqual([]);
      });

      it("is 404 when CSRF checks are off", async () => {
        const { client } = await clientFor({ skipCSRFCheck });
        const response = await client.send("/csrf");
        expect(response.status).toBe(404);
        expect(response.headers.getSetCookie()).toEqual([]);
      });
    });

    describe("GET /signin", () => {
      it("serves the built-in page with a credentials form carrying the CSRF token", async () => {
        const { client } = await clientFor();
        const response = await client.send("/signin?error=CredentialsSignin");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        const page = await response.text();
        const token = decodeURIComponent(client.jar.get("authjs.csrf-token")!).split("|")[0];
        expect(page).toContain(token);
        expect(page).toContain(`${client.base}/callback/credentials`);
        expect(page).toMatch(/name="password"/);
      });

      it("redirects to pages.signIn with callbackUrl and error", async () => {
        const { client } = await clientFor({ pages: { signIn: "/login" } });
        const response = await client.send(`/signin?callbackUrl=${encodeURIComponent("/dashboard")}&error=AccessDenied`);
        const location = locationOf(response, client);
        expect(location.pathname).toBe("/login");
        expect(location.searchParams.get("callbackUrl")).toBe(`${client.origin}/dashboard`);
        expect(location.searchParams.get("error")).toBe("AccessDenied");
      });
    });

    describe("POST /signin/:id", () => {
      it("sends a credentials provider back to the sign-in page", async () => {
        const { client } = await clientFor();
        const response = await client.send("/signin/credentials", { form: { csrfToken: await client.csrfToken() } });
        const location = locationOf(response, client);
        expect(location.origin + location.pathname).toBe(`${client.base}/signin`);
        expect(location.searchParams.get("error")).toBeNull();
      });

      it("sends an unknown provider to the sign-in page", async () => {
        const { client } = await clientFor();
        const response = await client.send("/signin/nobody", { form: { csrfToken: await client.csrfToken() } });
        expect(locationOf(response, client).href).toBe(`${client.base}/signin`);
      });

      it("refuses a missing CSRF token", async () => {
        const { client } = await clientFor();
        const response = await client.send("/signin/credentials", { form: {} });
        const location = locationOf(response, client);
        expect(location.pathname).toBe("/auth/signin");
        expect(location.searchParams.get("error")).toBe("MissingCSRF");
      });
    });

    describe("/callback/credentials", () => {
      it("POST signs in, sets the session cookie and redirects to callbackUrl", async () => {
        const { client } = await clientFor();
        const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/dashboard" });
        expect(locationOf(response, client).href).toBe(`${client.origin}/dashboard`);
        const session = setCookiesOf(response).find((cookie) => cookie.name === "authjs.session-token")!;
        expect(session.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
        expect(session.attributes.secure).toBeUndefined();
        const expires = Date.parse(session.attributes.expires as string);
        expect(Math.abs(expires - (Date.now() + 30 * 86400_000))).toBeLessThan(5000);
      });

      it("POST with wrong credentials redirects to the sign-in page with CredentialsSignin", async () => {
        const { client } = await clientFor();
        const response = await client.signIn({ username: "alice", password: "wrong" });
        const location = locationOf(response, client);
        expect(location.pathname).toBe("/auth/signin");
        expect(location.searchParams.get("error")).toBe("CredentialsSignin");
        expect(location.searchParams.get("code")).toBe("credentials");
        expect(client.jar.get("authjs.session-token")).toBeUndefined();
      });

      it("GET is refused with 400 JSON", async () => {
        const { client } = await clientFor();
        await expectJsonError(await client.send("/callback/credentials?username=alice"));
        expect(client.jar.get("authjs.session-token")).toBeUndefined();
      });
    });

    describe("/signout", () => {
      it("GET serves a confirmation page that POSTs the CSRF token", async () => {
        const { client } = await clientFor();
        const response = await client.send("/signout");
        expect(response.status).toBe(200);
        const page = await response.text();
        const token = decodeURIComponent(client.jar.get("authjs.csrf-token")!).split("|")[0];
        expect(page).toMatch(/<form[^>]*method="post"/i);
        expect(page).toContain(`${client.base}/signout`);
        expect(page).toContain(token);
      });

      it("GET redirects to pages.signOut", async () => {
        const { client } = await clientFor({ pages: { signOut: "/bye" } });
        const location = locationOf(await client.send("/signout?callbackUrl=%2Fhome"), client);
        expect(location.pathname).toBe("/bye");
        expect(location.searchParams.get("callbackUrl")).toBe(`${client.origin}/home`);
      });

      it("POST clears the session cookie and redirects to callbackUrl", async () => {
        const { client } = await clientFor();
        await client.signIn();
        expect(client.jar.get("authjs.session-token")).toBeDefined();
        const response = await client.signOut({ callbackUrl: "/goodbye" });
        expect(locationOf(response, client).href).toBe(`${client.origin}/goodbye`);
        const cleared = setCookiesOf(response).find((cookie) => cookie.name === "authjs.session-token")!;
        expect(isDeletion(cleared)).toBe(true);
        expect(cleared.value).toBe("");
        expect(await client.session()).toBeNull();
      });
    });

    describe("GET /error", () => {
      it.each([
        ["Configuration", 500],
        ["AccessDenied", 403],
        ["Verification", 403],
        ["CredentialsSignin", 200],
        ["Default", 200],
        ["SomethingElse", 200],
      ])("error=%s answers %i", async (code, status) => {
        const { client } = await clientFor();
        const response = await client.send(`/error?error=${code}`);
        expect(response.status).toBe(status);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      });

      it("answers 200 without a code", async () => {
        const { client } = await clientFor();
        expect((await client.send("/error")).status).toBe(200);
      });

      it("redirects to pages.error with the code", async () => {
        const { client } = await clientFor({ pages: { error: "/oops" } });
        const location = locationOf(await client.send("/error?error=AccessDenied"), client);
        expect(location.pathname).toBe("/oops");
        expect(location.searchParams.get("error")).toBe("AccessDenied");
      });
    });

    describe("GET /verify-request", () => {
      it("serves the check-your-email page", async () => {
        const { client } = await clientFor();
        const response = await client.send("/verify-request?provider=email&type=email");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await response.text()).toContain(new URL(client.origin).host);
      });
    });

    describe("parsing", () => {
      it.each(["/nope", "/signin/credentials/extra", "/callback/credentials/extra", "/providers/credentials", "/session/x"])(
        "GET %s is an unknown action: 400 JSON",
        async (path) => {
          const { client } = await clientFor();
          expect((await expectJsonError(await client.send(path))).error).toBe("UnknownAction");
        },
      );

      it.each(["PUT", "DELETE", "PATCH"])("%s is refused with 400 JSON", async (method) => {
        const { client } = await clientFor();
        await client.signIn();
        const response = await client.send("/session", { method, body: "{}", headers: { "content-type": "application/json" } });
        expect((await expectJsonError(response)).error).toBe("UnknownAction");
        expect(await client.session()).not.toBeNull();
      });

      it("accepts a trailing slash", async () => {
        const { client } = await clientFor();
        await client.signIn();
        const session = await client.send("/session/");
        expect(session.status).toBe(200);
        expect(((await session.json()) as { user: { email: string } }).user.email).toBe(alice.email);
        const providers = await client.send("/providers/");
        expect(Object.keys((await providers.json()) as object)).toEqual(["credentials"]);
      });
    });

    describe("X-Auth-Return-Redirect", () => {
      const header = { "X-Auth-Return-Redirect": "1" };

      it("returns a successful sign-in as {url} and keeps its cookies", async () => {
        const { client } = await clientFor();
        const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/home" }, header);
        expect(response.status).toBe(200);
        expect(response.headers.get("location")).toBeNull();
        expect(await response.json()).toEqual({ url: `${client.origin}/home` });
        expect(client.jar.get("authjs.session-token")).toBeDefined();
        expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
      });

      it("returns a failed sign-in as {url} of the sign-in page", async () => {
        const { client } = await clientFor();
        const response = await client.signIn({ username: "alice", password: "nope" }, header);
        expect(response.status).toBe(200);
        const url = new URL(((await response.json()) as { url: string }).url, client.origin);
        expect(url.searchParams.get("error")).toBe("CredentialsSignin");
      });

      it("returns sign-out as {url} and still clears the session cookie", async () => {
        const { client } = await clientFor();
        await client.signIn();
        const response = await client.signOut({ callbackUrl: "/out" }, header);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ url: `${client.origin}/out` });
        expect(client.jar.get("authjs.session-token")).toBeUndefined();
        expect(await client.session()).toBeNull();
      });
    });
  });
}
