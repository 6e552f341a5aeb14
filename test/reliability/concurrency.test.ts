/**
 * Races on real stores: one magic link used 50 times at once, one OAuth callback replayed 10 times at
 * once against a real OpenID provider, session updates racing a sign-out, and two app processes sharing
 * PostgreSQL or Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthConfig } from "../../src/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import type { TransactionalAdapter } from "../../src/adapters/extensions.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { alice, checkAlice, createClient, credentialsProvider, localClient, overHttp, quietLogger, secret, type Client, type Transport } from "../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../helpers/cookie-jar.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../helpers/oidc-idp.js";
import { withService } from "../helpers/services.js";
import { startSmtp, type SmtpSink } from "../helpers/smtp.js";
import { linkIn, requestLink } from "../integration/email/email-flow.js";
import { startSignIn } from "../integration/oauth/oidc-flow.js";
import { startAppProcess, transportTo, type AppProcess, type StoreOptions } from "./app-process.js";
import { postgresStore, redisStore, sqliteStore, storeAlice, type SqlStore } from "./stores.js";

const sessionCookie = "authjs.session-token";

/** Whether a response starts a session: it sets the session cookie to a value. */
const startsSession = (response: Response) => setCookiesOf(response).some((c) => c.name === sessionCookie && !isDeletion(c));

describe("one magic link used by 50 requests at once", async () => {
  let smtp: SmtpSink;
  beforeAll(async () => void (smtp = await startSmtp()));
  afterAll(async () => smtp?.close());

  async function race(store: SqlStore) {
    const provider = Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false }, from: "auth@sekisho.test" });
    const auth = createAuth({ secret, trustHost: true, adapter: store.adapter, providers: [provider], logger: quietLogger }, { env: {} });
    const email = `race-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await requestLink(localClient(auth.fetch), email)).status).toBe(302);
    const link = linkIn((await smtp.waitForMessage(email)).text);

    const responses = await Promise.all(Array.from({ length: 50 }, () => auth.fetch(new Request(link))));

    expect(responses.filter(startsSession)).toHaveLength(1);
    expect(responses.filter((r) => r.headers.get("location") === "http://localhost:3000/auth/error?error=Verification")).toHaveLength(49);
    expect(await store.count("sessions")).toBe(1);
    expect(await store.count("users")).toBe(1);
    expect(await store.count("verification_token")).toBe(0);
  }

  for (const driver of ["libsql", "better-sqlite3"] as const) {
    it(`gives exactly one session on SQLite (${driver}, temp file)`, async () => {
      const store = await sqliteStore(driver);
      try {
        await race(store);
      } finally {
        await store.close();
      }
    });
  }

  await withService("postgres", () => {
    it("gives exactly one session on PostgreSQL", async () => {
      const store = await postgresStore();
      try {
        await race(store);
      } finally {
        await store.close();
      }
    });
  });
});

await withService("postgres", () => {
  describe("one OAuth callback replayed 10 times at once", () => {
    let idp: Idp;
    let transport: Transport;
    let store: Awaited<ReturnType<typeof postgresStore>>;
    let strategy: "jwt" | "database" = "database";

    beforeAll(async () => {
      idp = await startIdp([{ sub: "replay", email: "replay@example.com", name: "Replay" }]);
      store = await postgresStore();
      const config = (): AuthConfig => ({
        secret,
        trustHost: true,
        adapter: store.adapter,
        session: { strategy },
        logger: quietLogger,
        providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: idp.issuer, clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret, checks: ["pkce", "state", "nonce"] }],
      });
      const apps = { jwt: createAuth({ ...config(), session: { strategy: "jwt" } }, { env: {} }), database: createAuth(config(), { env: {} }) };
      transport = await overHttp((request) => apps[strategy].fetch(request));
      await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
    });
    afterAll(async () => {
      await transport?.close();
      await idp?.close();
      await store?.close();
    });

    async function replay(): Promise<Response[]> {
      const client = createClient(transport);
      const returned = await loginAtIdp(await startSignIn(client, "idp"), "replay");
      const cookie = client.jar.header();
      return Promise.all(Array.from({ length: 10 }, () => transport.send(new Request(returned.url, { headers: { cookie }, redirect: "manual" }))));
    }

    /** Each replay either signs in or is refused with the sign-in page's OAuthCallbackError; none is a 5xx. */
    function expectSignedInOrRefused(responses: Response[]) {
      const refused = `${transport.origin}/auth/signin?error=OAuthCallbackError`;
      for (const response of responses) {
        expect(response.status).toBe(302);
        expect([`${transport.origin}/welcome`, refused]).toContain(response.headers.get("location"));
        expect(startsSession(response)).toBe(response.headers.get("location") !== refused);
      }
    }

    it("gives at most one session under the database strategy, and at most one user and account", async () => {
      strategy = "database";
      await store.clear();
      const responses = await replay();
      expectSignedInOrRefused(responses);
      expect(responses.filter(startsSession).length).toBeLessThanOrEqual(1);
      expect(await store.count("sessions")).toBeLessThanOrEqual(1);
      expect(await store.count("sessions")).toBe(responses.filter(startsSession).length);
      expect(await store.count("users")).toBeLessThanOrEqual(1);
      expect(await store.count("accounts")).toBe(await store.count("users"));
    });

    it("gives at most one session cookie under the jwt strategy", async () => {
      strategy = "jwt";
      const responses = await replay();
      expectSignedInOrRefused(responses);
      expect(responses.filter(startsSession).length).toBeLessThanOrEqual(1);
    });
  });

  describe("session updates racing a sign-out on one database session (PostgreSQL)", () => {
    let store: Awaited<ReturnType<typeof postgresStore>>;
    let transport: Transport;

    beforeAll(async () => {
      store = await postgresStore();
      const user = await storeAlice(store.adapter);
      const provider = credentialsProvider((credentials) => (checkAlice(credentials) ? { ...checkAlice(credentials), id: user.id } : null));
      const auth = createAuth({ secret, trustHost: true, adapter: store.adapter, session: { updateAge: 0 }, providers: [provider], logger: quietLogger }, { env: {} });
      transport = await overHttp(auth.fetch);
    });
    afterAll(async () => {
      await transport?.close();
      await store?.close();
    });

    it("stays signed out: the row is gone and /session answers null, round after round", async () => {
      for (let round = 0; round < 10; round++) {
        const client = createClient(transport);
        expect((await client.signIn()).status).toBe(302);
        const csrfToken = await client.csrfToken();
        const cookie = client.jar.header();
        const token = client.jar.get(sessionCookie)!;
        const send = (path: string, init: RequestInit = {}) =>
          transport.send(new Request(`${client.base}${path}`, { ...init, redirect: "manual", headers: { cookie, ...init.headers } }));
        const form = { "content-type": "application/x-www-form-urlencoded" };
        const json = { "content-type": "application/json" };
        const requests = [
          ...Array.from({ length: 10 }, (_, i) => () => send("/session", { method: "POST", headers: json, body: JSON.stringify({ csrfToken, data: { round, i } }) })),
          ...Array.from({ length: 10 }, () => () => send("/session")),
        ];
        requests.splice(round, 0, () => send("/signout", { method: "POST", headers: form, body: new URLSearchParams({ csrfToken }).toString() }));
        const responses = await Promise.all(requests.map((request) => request()));

        const signOut = responses[round];
        expect(signOut.status).toBe(302);
        for (const response of responses) expect(response.status).toBeLessThan(500);
        expect(await store.query(`SELECT 1 FROM sessions WHERE "sessionToken" = '${token}'`)).toEqual([]);
        const after = await send("/session");
        expect(await after.json()).toBeNull();
        expect(await store.count("sessions")).toBe(0);
      }
    });
  });
});

describe("two app processes sharing one store", async () => {
  async function sharedStore(kind: "postgres" | "redis"): Promise<{ options: StoreOptions; adapter: TransactionalAdapter; close(): Promise<void> }> {
    if (kind === "postgres") {
      const store = await postgresStore();
      return { options: { kind, url: store.url }, adapter: store.adapter, close: store.close };
    }
    const store = redisStore();
    return { options: { kind, url: store.url, prefix: store.prefix }, adapter: store.adapter, close: store.close };
  }

  /** A client for `app` holding the same cookies as `other`: one browser, two instances behind a balancer. */
  function sameBrowser(app: AppProcess, other: Client): Client {
    const client = createClient(transportTo(app));
    for (const name of other.jar.names()) client.jar.set(name, other.jar.get(name)!);
    return client;
  }

  for (const kind of ["postgres", "redis"] as const) {
    await withService(kind, () => {
      it(`a sign-in on one is seen by the other, and a sign-out on one is honoured by the other (${kind})`, async () => {
        const store = await sharedStore(kind);
        const apps: AppProcess[] = [];
        try {
          await storeAlice(store.adapter);
          apps.push(...(await Promise.all([startAppProcess({ strategy: "database", store: store.options }), startAppProcess({ strategy: "database", store: store.options })])));
          const [a, b] = apps;
          expect(a.pid).not.toBe(b.pid);

          const onA = createClient(transportTo(a));
          expect((await onA.signIn()).status).toBe(302);
          const token = onA.jar.get(sessionCookie)!;
          expect(token).toMatch(/^[0-9a-f-]{32,}$/);
          const onB = sameBrowser(b, onA);
          expect(((await onB.session()) as { user: { email: string } }).user.email).toBe(alice.email);
          expect(((await onA.session()) as { user: { email: string } }).user.email).toBe(alice.email);

          expect((await onB.signOut()).status).toBe(302);
          expect(onB.jar.get(sessionCookie)).toBeUndefined();
          const stale = sameBrowser(a, onA);
          stale.jar.set(sessionCookie, token);
          expect(await stale.session()).toBeNull();
          expect(await store.adapter.getSessionAndUser!(token)).toBeNull();
          expect(a.stderr() + b.stderr()).not.toMatch(/Error:/);
        } finally {
          await Promise.all(apps.map((app) => app.stop()));
          await store.close();
        }
      }, 90_000);
    });
  }
});
