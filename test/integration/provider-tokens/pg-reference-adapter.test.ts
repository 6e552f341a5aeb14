/**
 * Provider tokens under the database strategy with Auth.js's published PostgreSQL adapter, on the tables it
 * documents, against the real oidc-provider (rotated refresh tokens, 5-second access tokens):
 * - wrapped with `getAccount` written in SQL over the same tables (as newer reference adapters have it), the
 *   account the sealed `sekisho.provider-accounts` cookie names gives the token, refreshed once when due and
 *   written back to the row by unlink and link;
 * - a cookie naming another user's account, or altered, or issued for another session, gives null;
 * - as published (no `getAccount`), getAccessToken gives null and says why in one warning.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { encode } from "../../../src/jwt.js";
import { databaseSessionId } from "../../../src/session/records/record.js";
import { pgAdapterDatabase, pgAdapterWithGetAccount as withGetAccount } from "../../adapters/pg-reference-adapter.js";
import type { Client } from "../../helpers/auth-client.js";
import type { Idp } from "../../helpers/oidc-idp.js";
import { withService } from "../../helpers/services.js";
import { accessTokenFor, accountsCookie, refreshes, revokeAtIdp, secret, sessionCookie, signIn, startApp, startTokenIdp, untilDue, type App } from "./harness.js";

await withService("postgres", async () => {
  let idp: Idp;
  let pool: pg.Pool;
  let close: () => Promise<void>;
  let app: App;
  let plain: App;

  beforeAll(async () => {
    idp = await startTokenIdp();
    ({ pool, close } = await pgAdapterDatabase());
    // these tables keep no `obtained_at`, so the margin before expiry is the skew alone: 2 s of the 5-s tokens
    app = await startApp(idp, withGetAccount(pool), "database", { updateAge: 0, provider: { accessTokenSkew: 2 } });
    plain = await startApp(idp, AuthjsPostgresAdapter(pool) as Adapter, "database");
    await idp.setRedirectUris([app, plain].map((each) => `${each.transport.origin}/auth/callback/idp`));
  });

  afterAll(async () => {
    await app?.transport.close();
    await plain?.transport.close();
    await close?.();
    await idp?.close();
  });

  /** The rows of the login's account at the IdP (one, unless unlink and link went wrong). */
  const rowsOf = async (login: string) =>
    (await pool.query(`SELECT * FROM accounts WHERE provider = 'idp' AND "providerAccountId" = $1`, [login])).rows;
  const rowOf = async (login: string) => (await rowsOf(login))[0];
  const userIdOf = async (login: string) => (await pool.query(`SELECT id FROM users WHERE email = $1`, [`${login}@example.com`])).rows[0].id;
  const tokenFor = async (browser: Client) => (await accessTokenFor(app, browser.jar.header())).token;

  describe("@auth/pg-adapter with getAccount, database strategy", () => {
    it("gives the row's token, and when due 20 concurrent calls make 1 refresh whose rotated tokens the row keeps", async () => {
      const browser = await signIn(app);
      expect(browser.jar.get(accountsCookie)).toEqual(expect.any(String));
      const signedIn = await rowOf("alice");
      const before = refreshes(idp);
      expect(await tokenFor(browser)).toMatchObject({ accessToken: signedIn.access_token, tokenType: "bearer" });
      expect(refreshes(idp) - before).toBe(0);

      await untilDue();
      const cookie = browser.jar.header();
      const results = await Promise.all(Array.from({ length: 20 }, () => accessTokenFor(app, cookie)));
      expect(refreshes(idp) - before).toBe(1);
      const tokens = new Set(results.map((result) => result.token?.accessToken));
      expect(tokens.size).toBe(1);
      const [refreshed] = tokens;
      expect(refreshed).toEqual(expect.any(String));
      expect(refreshed).not.toBe(signedIn.access_token);

      const rows = await rowsOf("alice");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: signedIn.userId, type: "oidc", access_token: refreshed });
      expect(rows[0].refresh_token).toEqual(expect.any(String));
      expect(rows[0].refresh_token).not.toBe(signedIn.refresh_token);
      expect(Number(rows[0].expires_at)).toBeGreaterThan(Number(signedIn.expires_at));

      // the rotated refresh token the row keeps is the one the IdP honours next
      await untilDue();
      expect((await tokenFor(browser))?.accessToken).not.toBe(refreshed);
      expect(refreshes(idp) - before).toBe(2);
      expect((await rowOf("alice")).refresh_token).not.toBe(rows[0].refresh_token);
    });

    it("a refresh token revoked at the IdP gives null and clears the row's tokens; no refresh is tried again", async () => {
      const browser = await signIn(app);
      await revokeAtIdp(idp, (await rowOf("alice")).refresh_token);
      await untilDue();
      expect(await tokenFor(browser)).toBeNull();
      expect(await rowsOf("alice")).toEqual([expect.objectContaining({ access_token: null, refresh_token: null, expires_at: null })]);
      const before = refreshes(idp);
      expect(await tokenFor(browser)).toBeNull();
      expect(refreshes(idp) - before).toBe(0);
      // a fresh sign-in stores new tokens in the row again
      const again = await signIn(app);
      expect((await tokenFor(again))?.accessToken).toBe((await rowOf("alice")).access_token);
    });

    it("follows the session: re-sealed when the session's expiry moves, cleared at sign-out", async () => {
      const browser = await signIn(app);
      const sealed = browser.jar.get(accountsCookie);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await browser.session();
      expect(browser.jar.get(accountsCookie)).toEqual(expect.any(String));
      expect(browser.jar.get(accountsCookie)).not.toBe(sealed);
      expect(await tokenFor(browser)).toMatchObject({ accessToken: expect.any(String) });
      await browser.signOut();
      expect(browser.jar.get(sessionCookie)).toBeUndefined();
      expect(browser.jar.get(accountsCookie)).toBeUndefined();
    });
  });

  describe("the accounts cookie is the browser's: it never reaches another user's tokens", () => {
    it("another user's account named in a cookie sealed with the secret, another session's cookie, an altered one: null", async () => {
      const alice = await signIn(app);
      const bob = await signIn(app, "bob");
      const bobsRow = await rowOf("bob");
      const aliceSession = alice.jar.get(sessionCookie)!;
      const withAccounts = (value: string) => `${sessionCookie}=${aliceSession}; ${accountsCookie}=${value}`;
      const asAlice = async (value: string) => (await accessTokenFor(app, withAccounts(value))).token;

      // sealed with the app's secret for alice's session and user, naming bob's account: the row's owner decides
      const forged = await encode({
        token: { sid: await databaseSessionId(aliceSession), uid: String(await userIdOf("alice")), accounts: { idp: "bob" } },
        secret,
        salt: accountsCookie,
        maxAge: 3600,
      });
      expect(await asAlice(forged)).toBeNull();
      // bob's own cookie, sent with alice's session
      expect(await asAlice(bob.jar.get(accountsCookie)!)).toBeNull();
      // alice's cookie with one character changed
      const genuine = alice.jar.get(accountsCookie)!;
      const altered = `${genuine.slice(0, -3)}${genuine.at(-3) === "A" ? "B" : "A"}${genuine.slice(-2)}`;
      expect(await asAlice(altered)).toBeNull();

      expect(await rowOf("bob")).toEqual(bobsRow);
      // alice's genuine cookie gives her token, bob's his
      expect((await asAlice(genuine))?.accessToken).toBe((await rowOf("alice")).access_token);
      expect((await tokenFor(bob))?.accessToken).toBe(bobsRow.access_token);
    });
  });

  describe("@auth/pg-adapter as published (no getAccount), database strategy", () => {
    // the adapter also lacks what the account page needs, which start-up says apart (account-page-limited)
    const tokenWarnings = (warnings: string[]) => warnings.filter((code) => code.startsWith("provider-tokens"));

    it("gives null, sets no accounts cookie, and logs one warning that names the fix", async () => {
      expect(tokenWarnings(plain.warnings)).toEqual([]);
      const browser = await signIn(plain);
      expect(browser.jar.get(accountsCookie)).toBeUndefined();
      for (let call = 0; call < 3; call++) expect((await accessTokenFor(plain, browser.jar.header())).token).toBeNull();
      expect(tokenWarnings(plain.warnings)).toEqual(["provider-tokens-unreachable"]);
    });

    it("warns at start-up, once, when a provider asks for a refresh token; not with getAccount", async () => {
      const offline = { provider: { authorization: { params: { scope: "openid email profile offline_access" } } } };
      const unreachable = await startApp(idp, AuthjsPostgresAdapter(pool) as Adapter, "database", offline);
      const reachable = await startApp(idp, withGetAccount(pool), "database", offline);
      try {
        expect(tokenWarnings(unreachable.warnings)).toEqual(["provider-tokens-unreachable"]);
        expect(tokenWarnings(reachable.warnings)).toEqual([]);
        // a session in the same tables, signed in through the other app: the call meets the limit, and is quiet
        const cookie = (await signIn(plain)).jar.header();
        expect((await accessTokenFor(unreachable, cookie)).token).toBeNull();
        expect(tokenWarnings(unreachable.warnings)).toEqual(["provider-tokens-unreachable"]);
      } finally {
        await unreachable.transport.close();
        await reachable.transport.close();
      }
    });
  });
});
