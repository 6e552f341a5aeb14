/**
 * Provider access tokens refreshed for you, against the real oidc-provider with refresh-token rotation and a
 * 5-second access-token lifetime, at the default `accessTokenSkew` (so refreshed when half the lifetime is left), on
 * both session strategies (one process; the memory adapter).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../../src/jwt.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Client } from "../../helpers/auth-client.js";
import type { Idp } from "../../helpers/oidc-idp.js";
import { accessTokenFor, client, refreshes as grantsAt, revokeAtIdp, secret, signIn, startApp, startTokenIdp, untilDue, type App } from "./harness.js";

const strategies = ["jwt", "database"] as const;
type Strategy = (typeof strategies)[number];
type MemoryApp = App<ReturnType<typeof MemoryAdapter>>;

let idp: Idp;
const apps = {} as Record<Strategy, MemoryApp>;

beforeAll(async () => {
  idp = await startTokenIdp();
  for (const strategy of strategies) apps[strategy] = await startApp(idp, MemoryAdapter(), strategy);
  await idp.setRedirectUris(strategies.map((s) => `${apps[s].transport.origin}/auth/callback/idp`));
});

afterAll(async () => {
  for (const strategy of strategies) await apps[strategy]?.transport.close();
  await idp?.close();
});

/** `auth.accessToken` for the browser's cookies; the cookies it sets go into the browser's jar. */
async function accessToken(app: App, browser: Client) {
  const result = await accessTokenFor(app, browser.jar.header());
  for (const cookie of result.cookies) browser.jar.set(cookie.name, cookie.value);
  return result;
}

/** The refresh token the app keeps for the browser's user: in the session cookie (jwt) or the account row. */
async function storedRefreshToken(strategy: Strategy, browser: Client): Promise<string> {
  if (strategy === "database") {
    const account = await apps.database.adapter.getUserAccount((await apps.database.adapter.getUserByEmail("alice@example.com"))!.id, "idp");
    return account!.refresh_token as string;
  }
  const token = await sessionToken(browser);
  return (token!.providerTokens as Record<string, { refresh_token: string }>).idp.refresh_token;
}

/** The session JWT in the browser's jar, joined from its chunks when it was split. */
async function sessionToken(browser: Client) {
  const salt = "authjs.session-token";
  const chunks = browser.jar.names().filter((name) => name.startsWith(`${salt}.`)).sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
  const raw = browser.jar.get(salt) ?? chunks.map((name) => browser.jar.get(name)).join("");
  return decode({ token: raw, secret, salt });
}

/** Spends a refresh token at the IdP outside the app: rotation makes the one the app holds unusable. */
async function spendAtIdp(refreshToken: string): Promise<void> {
  const response = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}` },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });
  expect(response.status).toBe(200);
}

for (const strategy of strategies) {
  describe(`provider access tokens, ${strategy} strategy`, () => {
    it("gives the access token the sign-in stored, with its expiry, scope and type, without a refresh while it is fresh", async () => {
      const app = apps[strategy];
      const browser = await signIn(app);
      const before = grantsAt(idp);
      const { token } = await accessToken(app, browser);
      expect(grantsAt(idp) - before).toBe(0);
      expect(token).toMatchObject({ accessToken: expect.any(String), tokenType: "bearer", scope: expect.stringContaining("openid") });
      expect(token!.expiresAt).toBeGreaterThan(Date.now() / 1000);
    });

    it("20 concurrent calls with an access token near expiry make exactly 1 refresh, and all get its new token", async () => {
      const app = apps[strategy];
      const browser = await signIn(app);
      await untilDue();
      const before = grantsAt(idp);
      const cookie = browser.jar.header();
      const results = await Promise.all(Array.from({ length: 20 }, () => accessTokenFor(app, cookie)));
      expect(grantsAt(idp) - before).toBe(1);
      const tokens = new Set(results.map((result) => result.token?.accessToken));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toEqual(expect.any(String));
      if (strategy === "jwt") expect(results.every((result) => result.cookies.some((c) => c.name.startsWith("authjs.session-token")))).toBe(true);
      // the token just obtained lives 5 s, less than the 60-s skew: it is used, not refreshed again
      for (const cookie of results[0].cookies) browser.jar.set(cookie.name, cookie.value);
      const again = await Promise.all(Array.from({ length: 20 }, () => accessTokenFor(app, browser.jar.header())));
      expect(grantsAt(idp) - before).toBe(1);
      expect(new Set(again.map((result) => result.token?.accessToken))).toEqual(tokens);
    });

    it("a rotated refresh token is kept: a later refresh succeeds with it", async () => {
      const app = apps[strategy];
      const browser = await signIn(app);
      const first = await storedRefreshToken(strategy, browser);
      await untilDue();
      expect((await accessToken(app, browser)).token).not.toBeNull();
      const second = await storedRefreshToken(strategy, browser);
      expect(second).not.toBe(first);
      // past the grace window's reach: the rotated token itself must work at the IdP
      const before = grantsAt(idp);
      await spendAtIdp(second);
      expect(grantsAt(idp) - before).toBe(1);
    });

    it("a refresh token revoked at the IdP: the session carries RefreshTokenError until a fresh sign-in", async () => {
      const app = apps[strategy];
      const browser = await signIn(app);
      await revokeAtIdp(idp, await storedRefreshToken(strategy, browser));
      await untilDue();
      expect((await accessToken(app, browser)).token).toBeNull();
      const refused = { error: "RefreshTokenError", user: { email: "alice@example.com" } };
      expect(await browser.session()).toMatchObject(refused);
      expect(await (await app.auth.fetch(new Request(`${app.transport.origin}/auth/session`, { headers: { cookie: browser.jar.header() } }))).json()).toMatchObject(refused);
      const again = await signIn(app);
      expect(await again.session()).not.toHaveProperty("error");
      expect((await accessToken(app, again)).token).toMatchObject({ accessToken: expect.any(String) });
      // database: the mark was on the account, so every session of the user loses it; jwt: it rides in each cookie
      if (strategy === "database") expect(await browser.session()).not.toHaveProperty("error");
    });

    it("a refresh token the IdP no longer honours gives null, clears the stored tokens, and the session error", async () => {
      const app = apps[strategy];
      const browser = await signIn(app);
      await spendAtIdp(await storedRefreshToken(strategy, browser));
      await untilDue();
      const { token } = await accessToken(app, browser);
      expect(token).toBeNull();
      expect(await browser.session()).toMatchObject({ error: "RefreshTokenError", user: { email: "alice@example.com" } });
      if (strategy === "jwt") {
        const claim = (await sessionToken(browser))!.providerTokens as Record<string, unknown>;
        expect(claim.idp).toBeUndefined();
      } else {
        const user = (await app.adapter.getUserByEmail("alice@example.com"))!;
        const account = (await app.adapter.getUserAccount(user.id, "idp"))!;
        expect(account.access_token ?? null).toBeNull();
        expect(account.refresh_token ?? null).toBeNull();
      }
      const before = grantsAt(idp);
      expect((await accessToken(app, browser)).token).toBeNull();
      expect(grantsAt(idp) - before).toBe(0);
    });
  });
}
