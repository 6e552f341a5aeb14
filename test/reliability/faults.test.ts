/**
 * Faults in the middle of real flows.
 * - PostgreSQL goes down (a TCP proxy in front of it is cut, at a chosen statement) during OAuth sign-in
 *   against a real OpenID provider, email sign-in through a real SMTP server, the session check and
 *   sign-out: the user gets the Configuration error page, the API a bare 500, `auth()` null; nothing is
 *   left half-written; once the database is back everything works.
 * - Event handlers and callbacks that throw.
 * IdP faults are in test/integration/oauth/idp-faults.test.ts and id-token.test.ts, SMTP down in
 * test/integration/email/email.test.ts.
 */
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AuthConfig, type EventCallbacks } from "../../src/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { alice, createClient, credentialsProvider, overHttp, secret, type Client, type Transport } from "../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../helpers/cookie-jar.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../helpers/oidc-idp.js";
import { services, withService } from "../helpers/services.js";
import { startSmtp, type SmtpSink } from "../helpers/smtp.js";
import { linkIn, requestLink } from "../integration/email/email-flow.js";
import { followLink } from "../helpers/link-mailbox.js";
import { returnToApp, signInThroughIdp, startSignIn } from "../integration/oauth/oidc-flow.js";
import { postgresStore, type PostgresStore } from "./stores.js";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";

const sessionCookie = "authjs.session-token";
const configurationMessage = "There was a problem with the server configuration. Check the server logs for more information.";
/** What an internal failure says; none of it may reach a client. */
const internalDetail = "internal detail: db-password=hunter2 at /srv/app/secret.ts:12:3";

let idp: Idp;
let smtp: SmtpSink;
beforeAll(async () => {
  idp = await startIdp([{ sub: "oidc-user", email: "oidc-user@example.com", name: "OIDC User" }]);
  smtp = await startSmtp();
});
afterAll(async () => {
  await idp?.close();
  await smtp?.close();
});

function oidcProvider() {
  return { id: "idp", name: "IdP", type: "oidc" as const, issuer: idp.issuer, clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret, checks: ["pkce" as const, "state" as const, "nonce" as const] };
}

function emailProvider() {
  return Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false }, from: "auth@sekisho.test" });
}

/** Nothing from inside the server: no driver message, no statement, no stack frame, no secret. */
function expectNoInternals(text: string) {
  for (const leak of [/ECONN|terminated|timeout|socket/i, /postgres|pg-pool|sekisho_test_|5432/i, /INSERT INTO|SELECT |DELETE FROM|UPDATE "/, /[A-Z]\w+Error\b/, /\bat \S+:\d+:\d+/, /hunter2|internal detail/]) {
    expect(text).not.toMatch(leak);
  }
  expect(text).not.toContain(secret);
}

/** A 302 to the Configuration error page, which answers 500 and says nothing of the cause. */
async function expectConfigurationPage(client: Client, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  expect(location).toBe(`${client.origin}/auth/error?error=Configuration`);
  const page = await client.send(location);
  expect(page.status).toBe(500);
  expectNoInternals(await page.text());
}

/** The API's answer to a failure: 500 with a generic message and nothing else. */
async function expectBareServerError(response: Response) {
  expect(response.status).toBe(500);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ message: configurationMessage });
  expectNoInternals(text);
}

const hasSession = (client: Client) => client.jar.get(sessionCookie) !== undefined;

/** A logger keeping one line per error: `Name: message / the cause's message`. */
function recordingLogger(lines: string[]): AuthConfig["logger"] {
  const error = (error: Error) => void lines.push(`${error.name}: ${error.message} / ${String((error.cause as { err?: Error })?.err?.message)}`);
  return { error, warn: () => {}, debug: () => {} };
}

await withService("postgres", () => {
  describe("PostgreSQL goes down in the middle of a flow", () => {
    let proxy: TcpProxy;
    let store: PostgresStore;
    let transport: Transport;
    let auth: ReturnType<typeof createAuth>;
    const logged: string[] = [];

    beforeAll(async () => {
      proxy = await startTcpProxy(services.postgres);
      store = await postgresStore((url) => {
        const through = new URL(url);
        through.port = String(proxy.port);
        const pool = new pg.Pool({ connectionString: through.href, max: 5, connectionTimeoutMillis: 3_000 });
        // An idle client whose connection dies is reported here; without a listener the process would crash.
        pool.on("error", () => {});
        return pool;
        // The proxy cuts when it sees a statement's text, which a prepared statement sends once per connection.
      }, { preparedStatements: false });
      const config: AuthConfig = {
        secret,
        trustHost: true,
        adapter: store.adapter,
        session: { updateAge: 0 },
        providers: [oidcProvider(), emailProvider()],
        logger: recordingLogger(logged),
      };
      auth = createAuth(config, { env: {} });
      transport = await overHttp(auth.fetch);
      await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
    });
    afterAll(async () => {
      proxy?.restore();
      await transport?.close();
      await store?.close();
      await proxy?.close();
    });
    beforeEach(async () => {
      proxy.restore();
      await store.clear();
      logged.length = 0;
    });

    /** Cuts the database when the statement matching `pattern` is sent, and checks that it was. */
    function cutAt(pattern: RegExp) {
      const cut = proxy.cutWhen(pattern);
      return async () => {
        expect(proxy.armed()).toBe(false);
        expect(await cut).toMatch(pattern);
        // The operator learns the real cause: the connection was lost.
        expect(logged.join("\n")).toMatch(/Error: .+ \/ Connection terminated unexpectedly/);
      };
    }

    async function counts() {
      const [users, accounts, sessions, tokens] = await Promise.all((["users", "accounts", "sessions", "verification_token"] as const).map((t) => store.count(t)));
      return { users, accounts, sessions, tokens };
    }

    /** A stored session for alice, and a client holding its cookie. */
    async function signedInAlice() {
      const user = await store.adapter.createUser({ id: "", name: alice.name, email: alice.email, image: null, emailVerified: null });
      const sessionToken = crypto.randomUUID();
      await store.adapter.createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
      const client = createClient(transport);
      client.jar.set(sessionCookie, sessionToken);
      return { client, sessionToken };
    }

    const serverAuth = (client: Client) => auth.auth(new Request(`${transport.origin}/dashboard`, { headers: { cookie: client.jar.header() } }));

    describe("OAuth sign-in with a real OpenID provider", () => {
      const cases = [
        { at: "looking up the account", pattern: /JOIN "accounts"/, left: { users: 0, accounts: 0 } },
        { at: "linking the account, inside the user's transaction", pattern: /INSERT INTO "accounts"/, left: { users: 0, accounts: 0 } },
        { at: "committing the new user and account", pattern: /COMMIT/, left: { users: 0, accounts: 0 } },
        { at: "creating the session", pattern: /INSERT INTO "sessions"/, left: { users: 1, accounts: 1 } },
      ];
      for (const { at, pattern, left } of cases) {
        it(`database down while ${at}: error page, nothing half-written, then sign-in works`, async () => {
          const client = createClient(transport);
          const returned = await loginAtIdp(await startSignIn(client, "idp"), "oidc-user");
          const wasCut = cutAt(pattern);
          const response = await returnToApp(client, returned);
          await wasCut();
          await expectConfigurationPage(client, response);
          expect(hasSession(client)).toBe(false);
          expect(await counts()).toEqual({ ...left, sessions: 0, tokens: 0 });
          if (left.users) {
            const [row] = await store.query(`SELECT u.email FROM users u JOIN accounts a ON a."userId" = u.id WHERE a."providerAccountId" = 'oidc-user'`);
            expect(row).toEqual({ email: "oidc-user@example.com" });
          }

          proxy.restore();
          const again = createClient(transport);
          const { response: signedIn } = await signInThroughIdp(again, "idp", "oidc-user");
          expect(signedIn.headers.get("location")).toBe(`${transport.origin}/welcome`);
          expect(((await again.session()) as { user: { email: string } }).user.email).toBe("oidc-user@example.com");
          expect(await counts()).toEqual({ users: 1, accounts: 1, sessions: 1, tokens: 0 });
        });
      }
    });

    describe("email sign-in through a real SMTP server", () => {
      const email = () => `mail-${crypto.randomUUID().slice(0, 8)}@example.com`;

      it("database down while storing the token: error page, no email, no token; then it works", async () => {
        const client = createClient(transport);
        const address = email();
        const wasCut = cutAt(/INSERT INTO "verification_token"/);
        const response = await requestLink(client, address);
        await wasCut();
        await expectConfigurationPage(client, response);
        expect(smtp.messages.some((m) => m.text?.includes(encodeURIComponent(address)))).toBe(false);
        expect(await counts()).toEqual({ users: 0, accounts: 0, sessions: 0, tokens: 0 });

        proxy.restore();
        expect((await requestLink(client, address)).headers.get("location")).toMatch(/\/auth\/verify-request/);
        expect((await client.send(linkIn((await smtp.waitForMessage(address)).text))).headers.get("location")).toBe(`${transport.origin}/inbox`);
        expect(await counts()).toEqual({ users: 1, accounts: 0, sessions: 1, tokens: 0 });
      });

      it("database down while using the token: error page, the token is kept, and the same link works later", async () => {
        const client = createClient(transport);
        const address = email();
        await requestLink(client, address);
        const link = linkIn((await smtp.waitForMessage(address)).text);
        const wasCut = cutAt(/DELETE FROM "verification_token"/);
        const response = await client.send(link);
        await wasCut();
        await expectConfigurationPage(client, response);
        expect(hasSession(client)).toBe(false);
        expect(await counts()).toEqual({ users: 0, accounts: 0, sessions: 0, tokens: 1 });

        proxy.restore();
        expect((await client.send(link)).headers.get("location")).toBe(`${transport.origin}/inbox`);
        expect(((await client.session()) as { user: { email: string } }).user.email).toBe(address);
        expect(await counts()).toEqual({ users: 1, accounts: 0, sessions: 1, tokens: 0 });
      });

      for (const { at, pattern, users } of [
        { at: "creating the user", pattern: /INSERT INTO "users"/, users: 0 },
        { at: "creating the session", pattern: /INSERT INTO "sessions"/, users: 1 },
      ]) {
        it(`database down while ${at}: error page, no session; a new link works once it is back`, async () => {
          const client = createClient(transport);
          const address = email();
          await requestLink(client, address);
          const link = linkIn((await smtp.waitForMessage(address)).text);
          const wasCut = cutAt(pattern);
          await expectConfigurationPage(client, await client.send(link));
          await wasCut();
          expect(hasSession(client)).toBe(false);
          expect(await counts()).toEqual({ users, accounts: 0, sessions: 0, tokens: 0 });
          if (users) expect((await store.query(`SELECT "emailVerified" FROM users`))[0].emailVerified).toBeInstanceOf(Date);

          proxy.restore();
          expect((await client.send(link)).headers.get("location")).toBe(`${transport.origin}/auth/error?error=Verification`);
          await requestLink(client, address);
          expect((await client.send(linkIn((await smtp.waitForMessage(address)).text))).headers.get("location")).toBe(`${transport.origin}/inbox`);
          expect(await counts()).toEqual({ users: 1, accounts: 0, sessions: 1, tokens: 0 });
        });
      }
    });

    describe("session check", () => {
      it("database down: /session is a bare 500, auth() is null, the cookie is kept; then it works", async () => {
        const { client, sessionToken } = await signedInAlice();
        proxy.cut();
        const response = await client.send("/session");
        await expectBareServerError(response);
        expect(setCookiesOf(response).filter((c) => c.name === sessionCookie)).toEqual([]);
        expect(await serverAuth(client)).toBeNull();
        expect(logged.join("\n")).toMatch(/AdapterError: The adapter's getSessionAndUser failed\./);

        proxy.restore();
        expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
        expect((await serverAuth(client))?.user?.email).toBe(alice.email);
        expect(client.jar.get(sessionCookie)).toBe(sessionToken);
      });

      it("database down while extending the session: a bare 500 and the row unchanged; then it works", async () => {
        const { client, sessionToken } = await signedInAlice();
        const [before] = await store.query(`SELECT expires FROM sessions`);
        const wasCut = cutAt(/UPDATE "sessions"/);
        await expectBareServerError(await client.send("/session"));
        await wasCut();
        expect(await store.query(`SELECT expires FROM sessions`)).toEqual([before]);

        proxy.restore();
        expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
        const [after] = await store.query(`SELECT expires, "sessionToken" FROM sessions`);
        expect(after.sessionToken).toBe(sessionToken);
        expect((after.expires as Date).valueOf()).toBeGreaterThan((before.expires as Date).valueOf());
      });
    });

    describe("sign-out", () => {
      it("database down while deleting the session: error page, and the browser forgets the session", async () => {
        const { client, sessionToken } = await signedInAlice();
        const csrfToken = await client.csrfToken();
        const wasCut = cutAt(/DELETE FROM "sessions"/);
        const response = await client.send("/signout", { form: { csrfToken } });
        await wasCut();
        expect(setCookiesOf(response).some((c) => c.name === sessionCookie && isDeletion(c))).toBe(true);
        await expectConfigurationPage(client, response);
        expect(hasSession(client)).toBe(false);

        proxy.restore();
        expect(await client.session()).toBeNull();
        // The row the database could not delete is still there until it expires; no browser holds its token.
        expect(await store.query(`SELECT "sessionToken" FROM sessions`)).toEqual([{ sessionToken }]);
      });

      it("once the database is back, sign-out deletes the session", async () => {
        const { client } = await signedInAlice();
        proxy.cut();
        await client.send("/session");
        proxy.restore();
        const response = await client.send("/signout", { form: { csrfToken: await client.csrfToken() } });
        expect(response.headers.get("location")).toBe(`${transport.origin}/`);
        expect(await store.count("sessions")).toBe(0);
        expect(await client.session()).toBeNull();
      });
    });
  });
});

describe("event handlers and callbacks that throw", () => {
  type Failing = keyof EventCallbacks | "signIn callback" | "jwt callback" | "session callback" | "redirect callback";
  const failing = new Set<Failing>();
  const logged: string[] = [];
  const adapter = MemoryAdapter();
  let transport: Transport;
  let auth: ReturnType<typeof createAuth>;

  const fail = (what: Failing) => {
    if (failing.has(what)) throw new Error(`${what} failed: ${internalDetail}`);
  };
  const event = (name: keyof EventCallbacks) => async () => fail(name);

  beforeAll(async () => {
    const config: AuthConfig = {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      providers: [credentialsProvider(), oidcProvider(), emailProvider()],
      logger: recordingLogger(logged),
      events: Object.fromEntries((["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session"] as const).map((name) => [name, event(name)])),
      callbacks: {
        signIn: () => (fail("signIn callback"), true),
        jwt: ({ token, trigger }) => {
          if (trigger === "signIn" || trigger === "signUp") fail("jwt callback");
          return token;
        },
        session: ({ session }) => (fail("session callback"), session),
        redirect: ({ url, baseUrl }) => (fail("redirect callback"), url.startsWith("/") ? `${baseUrl}${url}` : url),
      },
    };
    auth = createAuth(config, { env: {} });
    transport = await overHttp(auth.fetch);
    await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
  });
  afterAll(async () => transport?.close());
  beforeEach(() => {
    failing.clear();
    logged.length = 0;
  });

  const sessionOf = async (client: Client) => (await client.session()) as { user: { email: string } } | null;

  function expectEventLogged(name: string) {
    expect(logged.join("\n")).toContain(`EventError: The ${name} event handler threw. / ${name} failed: ${internalDetail}`);
  }

  describe("a throwing event handler is logged and the flow still succeeds", () => {
    it("signIn (credentials sign-in)", async () => {
      failing.add("signIn");
      const client = createClient(transport);
      const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/welcome" });
      expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
      expect((await sessionOf(client))?.user.email).toBe(alice.email);
      expectEventLogged("signIn");
    });

    it("createUser and linkAccount (first OAuth sign-in)", async () => {
      failing.add("createUser").add("linkAccount");
      const client = createClient(transport);
      const sub = `new-${crypto.randomUUID().slice(0, 8)}`;
      const { response } = await signInThroughIdp(client, "idp", sub);
      expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
      expect((await sessionOf(client))?.user.email).toBe(`${sub}@example.com`);
      expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: sub })).not.toBeNull();
      expectEventLogged("createUser");
      expectEventLogged("linkAccount");
    });

    it("updateUser (first email sign-in of a known user)", async () => {
      failing.add("updateUser");
      const address = `known-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await adapter.createUser!({ id: "", email: address, emailVerified: null });
      const client = createClient(transport);
      await requestLink(client, address, "nodemailer");
      // an unverified user: the GET asks first, the confirmation's POST signs in
      const { signedIn: response } = await followLink(client, linkIn((await smtp.waitForMessage(address)).text));
      expect(response.headers.get("location")).toBe(`${transport.origin}/inbox`);
      expect((await sessionOf(client))?.user.email).toBe(address);
      expect((await adapter.getUserByEmail!(address))?.emailVerified).toBeInstanceOf(Date);
      expectEventLogged("updateUser");
    });

    it("session (session check)", async () => {
      const client = createClient(transport);
      await client.signIn();
      failing.add("session");
      expect((await sessionOf(client))?.user.email).toBe(alice.email);
      expectEventLogged("session");
    });

    it("signOut (sign-out)", async () => {
      const client = createClient(transport);
      await client.signIn();
      failing.add("signOut");
      const response = await client.signOut({ callbackUrl: "/bye" });
      expect(response.headers.get("location")).toBe(`${transport.origin}/bye`);
      expect(hasSession(client)).toBe(false);
      expect(await sessionOf(client)).toBeNull();
      expectEventLogged("signOut");
    });
  });

  describe("a throwing callback", () => {
    it("signIn: AccessDenied, a 403 page, no session (credentials and OAuth)", async () => {
      failing.add("signIn callback");
      const viaCredentials = createClient(transport);
      const viaOAuth = createClient(transport);
      const responses = [await viaCredentials.signIn(), (await signInThroughIdp(viaOAuth, "idp", "oidc-user")).response];
      for (const [client, response] of [[viaCredentials, responses[0]], [viaOAuth, responses[1]]] as const) {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(`${transport.origin}/auth/error?error=AccessDenied`);
        const page = await client.send(response.headers.get("location")!);
        expect(page.status).toBe(403);
        expectNoInternals(await page.text());
        expect(hasSession(client)).toBe(false);
      }
      expect(logged.join("\n")).toContain(`AccessDenied: signIn callback failed: ${internalDetail}`);
    });

    it("jwt at sign-in: the error page and no session (credentials and OAuth)", async () => {
      failing.add("jwt callback");
      const viaCredentials = createClient(transport);
      await expectConfigurationPage(viaCredentials, await viaCredentials.signIn());
      const viaOAuth = createClient(transport);
      await expectConfigurationPage(viaOAuth, (await signInThroughIdp(viaOAuth, "idp", "oidc-user")).response);
      for (const client of [viaCredentials, viaOAuth]) {
        expect(hasSession(client)).toBe(false);
        expect(await sessionOf(client)).toBeNull();
      }
      expect(logged.join("\n")).toContain(`jwt callback failed: ${internalDetail}`);
    });

    it("session: /session is a bare 500 and auth() is null", async () => {
      const client = createClient(transport);
      await client.signIn();
      failing.add("session callback");
      await expectBareServerError(await client.send("/session"));
      expect(await auth.auth(new Request(`${transport.origin}/`, { headers: { cookie: client.jar.header() } }))).toBeNull();
      expect(logged.join("\n")).toContain(`session callback failed: ${internalDetail}`);
      failing.clear();
      expect((await sessionOf(client))?.user.email).toBe(alice.email);
    });

    it("redirect: every route that redirects answers with the error page, never a 500 with internals", async () => {
      failing.add("redirect callback");
      const client = createClient(transport);
      const csrfToken = await client.csrfToken();
      const attempts: Array<[string, () => Promise<Response>]> = [
        ["GET /signin", () => client.send("/signin?callbackUrl=/after")],
        ["POST /signin/idp", () => client.send("/signin/idp", { form: { csrfToken, callbackUrl: "/after" } })],
        ["POST /signin/nodemailer", () => client.send("/signin/nodemailer", { form: { csrfToken, email: "redirect@example.com", callbackUrl: "/after" } })],
        ["POST /callback/credentials", () => client.send("/callback/credentials", { form: { csrfToken, username: "alice", password: alice.password, callbackUrl: "/after" } })],
        ["GET /signout", () => client.send("/signout?callbackUrl=/after")],
        ["POST /signout", () => client.send("/signout", { form: { csrfToken, callbackUrl: "/after" } })],
      ];
      for (const [name, attempt] of attempts) {
        const response = await attempt();
        expect(response.status, name).toBe(302);
        expect(response.headers.get("location"), name).toBe(`${transport.origin}/auth/error?error=Configuration`);
        expectNoInternals(await response.text());
        await expectConfigurationPage(client, response);
      }
      expect(hasSession(client)).toBe(false);
      expect(logged.join("\n")).toContain(`redirect callback failed: ${internalDetail}`);
    });
  });
});
