/**
 * RP-initiated logout under the database strategy with Auth.js's published PostgreSQL adapter (wrapped with
 * `getAccount` in SQL), against the real oidc-provider. Such an adapter keeps no session records, so the
 * provider and account come from the sealed `sekisho.provider-accounts` cookie, and the ID token from the
 * account row only when the row belongs to the user of the session being ended.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "../../../src/jwt.js";
import { databaseSessionId } from "../../../src/session/records/record.js";
import { pgAdapterDatabase, pgAdapterWithGetAccount } from "../../adapters/pg-reference-adapter.js";
import { createCookieJar } from "../../helpers/cookie-jar.js";
import { logoutAtIdp, type Idp } from "../../helpers/oidc-idp.js";
import { withService } from "../../helpers/services.js";
import { accountsCookie, client, secret, sessionCookie, signIn, startApp, startTokenIdp, type App } from "../provider-tokens/harness.js";

await withService("postgres", async () => {
  let idp: Idp;
  let pool: pg.Pool;
  let close: () => Promise<void>;
  let app: App;

  beforeAll(async () => {
    idp = await startTokenIdp();
    ({ pool, close } = await pgAdapterDatabase());
    app = await startApp(idp, pgAdapterWithGetAccount(pool), "database", { provider: { endSession: true } });
    await idp.setRedirectUris([`${app.transport.origin}/auth/callback/idp`]);
    await idp.setClientMetadata(client.client_id, { post_logout_redirect_uris: [`${app.transport.origin}/bye`] });
  });

  afterAll(async () => {
    await app?.transport.close();
    await close?.();
    await idp?.close();
  });

  const rowOf = async (login: string) =>
    (await pool.query(`SELECT * FROM accounts WHERE provider = 'idp' AND "providerAccountId" = $1`, [login])).rows[0];
  const userIdOf = async (login: string) => (await pool.query(`SELECT id FROM users WHERE email = $1`, [`${login}@example.com`])).rows[0].id;
  const sessionRows = async (sessionToken: string) =>
    (await pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [sessionToken])).rowCount;

  describe("@auth/pg-adapter with getAccount, an endSession provider", () => {
    it("sign-out sends the browser to the IdP's end_session_endpoint with the account row's ID token, which the IdP accepts", async () => {
      const browser = await signIn(app);
      const sessionToken = browser.jar.get(sessionCookie)!;
      const response = await browser.signOut({ callbackUrl: "/bye" });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(`${idp.issuer}/session/end`);
      expect(location.searchParams.get("id_token_hint")).toBe((await rowOf("alice")).id_token);
      expect(location.searchParams.get("client_id")).toBe(client.client_id);
      expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${app.transport.origin}/bye`);
      expect(await sessionRows(sessionToken)).toBe(0);
      expect(browser.jar.get(accountsCookie)).toBeUndefined();
      // the IdP checks the hint: its confirmation returns the browser to the app
      expect(await logoutAtIdp(location.href, createCookieJar())).toBe(`${app.transport.origin}/bye`);
    });

    it("a cookie naming another user's account gives no hint: the sign-out is local, to the callback URL", async () => {
      const alice = await signIn(app);
      const bob = await signIn(app, "bob");
      const aliceSession = alice.jar.get(sessionCookie)!;
      // sealed with the app's secret for alice's session and user, naming bob's account: the row's owner decides
      alice.jar.set(
        accountsCookie,
        await encode({
          token: { sid: await databaseSessionId(aliceSession), uid: String(await userIdOf("alice")), accounts: { idp: "bob" } },
          secret,
          salt: accountsCookie,
          maxAge: 3600,
        }),
      );
      const forged = await alice.signOut({ callbackUrl: "/bye" });
      expect(forged.status).toBe(302);
      expect(forged.headers.get("location")).toBe(`${app.transport.origin}/bye`);
      expect(await sessionRows(aliceSession)).toBe(0);

      // bob's own cookie, sent with another session of alice's
      const again = await signIn(app);
      again.jar.set(accountsCookie, bob.jar.get(accountsCookie)!);
      expect((await again.signOut({ callbackUrl: "/bye" })).headers.get("location")).toBe(`${app.transport.origin}/bye`);
      // bob's session still gives his hint
      const bobs = new URL((await bob.signOut({ callbackUrl: "/bye" })).headers.get("location")!);
      expect(bobs.searchParams.get("id_token_hint")).toBe((await rowOf("bob")).id_token);
    });
  });
});
