/**
 * examples/next, built with `next build` and run with `next start`, driven in Chromium: the proxy
 * (middleware) guarding /dashboard, server-action sign-in with credentials and with a real OpenID
 * provider, auth() in server components, route handlers and the pages router, unstable_update, the
 * sekisho/react client, sign-out, auth.getAccessToken refreshing the IdP's rotated tokens, requireRecentSignIn
 * guarding a server component and a server action (test/frameworks/step-up-flow.ts), and a user with TOTP held
 * for the second factor (test/frameworks/two-factor-flow.ts).
 */
import { describe, expect, it } from "vitest";
import { typeCheck } from "./apps.js";
import { exampleForSuite } from "./example-suite.js";
import { revokeRefreshToken } from "../helpers/oidc-idp.js";
import { sessionCookie, signInWithIdp, signInWithPassword, text } from "./pages.js";
import { expectRefresh, expectRefreshTokenError, idpTokens, refreshGrants, setCookieNames, tokenIdp, untilDue } from "./provider-tokens.js";
import { idpStepUp, passwordStepUp, stepUpEnv, type StepUpApp } from "./step-up-flow.js";
import { totpSignIn } from "./two-factor-flow.js";

const secret = "next-example-secret-0123456789abcdefghijklmnop";
const { app, idp, built, withPage } = exampleForSuite("next", {
  secret,
  user: { sub: "ada", email: "ada@idp.example", name: "Ada Lovelace" },
  authPath: "/api/auth",
  idpOptions: tokenIdp,
  env: stepUpEnv,
});
/** The app's own login page, where requireRecentSignIn sends a stale session. */
const stepUpApp = (): StepUpApp => ({ url: app.url, signInPath: "/login", passwordButton: "Sign in with password" });

describe("examples/next (Next.js 16, App Router)", () => {
  it("guards /dashboard, signs in with a server action, updates the session, and signs out", async () => {
    await withPage(async (page, context) => {
      await page.goto(`${app.url}/dashboard`);
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${app.url}/dashboard`);

      await signInWithPassword(page, "wrong");
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(await text(page, "#error")).toBe("CredentialsSignin");
      expect(await sessionCookie(context)).toBeUndefined();

      await signInWithPassword(page, "demo");
      await page.waitForURL(`${app.url}/dashboard`);
      expect(await text(page, "#user-name")).toBe("Demo User");
      expect(await text(page, "#user-email")).toBe("demo@example.com");
      expect(await sessionCookie(context)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

      await page.getByLabel("New name").fill("Renamed On Server");
      await page.getByRole("button", { name: "Rename" }).click();
      await page.waitForURL((url) => url.searchParams.has("sameRequest"));
      expect(await text(page, "#same-request")).toBe("Renamed On Server");
      expect(await text(page, "#user-name")).toBe("Renamed On Server");
      await page.goto(`${app.url}/`);
      expect(await text(page, "#status")).toBe("Signed in as Renamed On Server");

      // The same session through the other call shapes of auth().
      const me = await (await context.request.get(`${app.url}/api/me`)).json();
      expect(me.auth.user).toMatchObject({ name: "Renamed On Server", email: "demo@example.com" });
      const legacy = await (await context.request.get(`${app.url}/api/legacy`)).json();
      expect(legacy.session.user.name).toBe("Renamed On Server");
      await page.goto(`${app.url}/legacy`);
      expect(await text(page, "#legacy-user")).toBe("Renamed On Server");

      await page.goto(`${app.url}/dashboard`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${app.url}/`);
      expect(await text(page, "#status")).toBe("Not signed in");
      expect(await sessionCookie(context)).toBeUndefined();
      await page.goto(`${app.url}/dashboard`);
      expect(new URL(page.url()).pathname).toBe("/login");
    });
  });

  it("getToken with the instance's isRevoked refuses a copied cookie once its session signed out in another route bundle", async () => {
    await withPage(async (page, context) => {
      await page.goto(`${app.url}/login`);
      await signInWithPassword(page, "demo");
      await page.waitForURL(`${app.url}/dashboard`);
      const copied = `authjs.session-token=${(await sessionCookie(context))?.value}`;
      const token = async () => (await (await fetch(`${app.url}/api/token`, { headers: { cookie: copied } })).json()) as { sid: string | null };
      const me = async () => (await (await fetch(`${app.url}/api/me`, { headers: { cookie: copied } })).json()) as { auth: unknown };
      const { sid } = await token();
      expect(sid).toEqual(expect.any(String));
      expect(await me()).toMatchObject({ auth: { user: { email: "demo@example.com" } } });

      // The server action's sign-out (its own bundle) revokes the sid; the route handler's getToken and auth() see it.
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${app.url}/`);
      expect(await token()).toEqual({ sid: null, email: null });
      expect((await me()).auth).toBeNull();
    });
  });

  it("shares one session fetch among all useSession consumers, and updates, signs out and in from the browser", async () => {
    await withPage(async (page, context) => {
      await page.goto(`${app.url}/login`);
      await signInWithPassword(page, "demo");
      await page.waitForURL(`${app.url}/dashboard`);

      const sessionFetches: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/auth/session") sessionFetches.push(request.method());
      });
      await page.goto(`${app.url}/client`);
      await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
      await expect.poll(() => page.locator(".consumer").allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `${n}: Demo User`));
      await page.waitForTimeout(500);
      expect(sessionFetches).toEqual(["GET"]);

      // Another tab learns of the update too.
      const otherTab = await context.newPage();
      await otherTab.goto(`${app.url}/client`);
      await expect.poll(() => text(otherTab, "#client-status")).toBe("authenticated");

      await page.getByRole("button", { name: "Update from the browser" }).click();
      await expect.poll(() => page.locator(".consumer").allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `${n}: Updated In Browser`));
      expect(sessionFetches).toEqual(["GET", "POST"]);
      await expect.poll(() => otherTab.locator(".consumer").allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `${n}: Updated In Browser`));
      await otherTab.close();
      await page.goto(`${app.url}/dashboard`);
      expect(await text(page, "#user-name")).toBe("Updated In Browser");

      await page.goto(`${app.url}/client`);
      await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
      await page.getByRole("button", { name: "Sign out from the browser" }).click();
      await page.waitForURL(`${app.url}/`);
      expect(await text(page, "#status")).toBe("Not signed in");
      expect(await sessionCookie(context)).toBeUndefined();

      await page.goto(`${app.url}/client`);
      await expect.poll(() => text(page, "#client-status")).toBe("unauthenticated");
      await page.getByRole("button", { name: "Sign in from the browser" }).click();
      await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
      expect(new URL(page.url()).pathname).toBe("/client");
      expect(await page.locator(".consumer").first().textContent()).toBe("1: Demo User");
    });
  });

  it("signs in through the OpenID provider from a server action", async () => {
    await withPage(async (page, context) => {
      await signInWithIdp(page, idp.issuer, "ada", `${app.url}/dashboard`, `${app.url}/dashboard`);
      expect(await text(page, "#user-name")).toBe("Ada Lovelace");
      expect(await text(page, "#user-email")).toBe("ada@idp.example");
      // The check cookies of the flow are gone once it is done.
      const names = (await context.cookies()).map((cookie) => cookie.name);
      expect(names).toContain("authjs.session-token");
      expect(names.filter((name) => /pkce|state|nonce/.test(name))).toEqual([]);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${app.url}/`);
      expect(await text(page, "#status")).toBe("Not signed in");
    });
  });

  it("auth.getAccessToken: gives the IdP's token, refreshes it when due, and reports RefreshTokenError once the IdP refuses", async () => {
    await withPage(async (page, context) => {
      await signInWithIdp(page, idp.issuer, "ada", `${app.url}/dashboard`, `${app.url}/dashboard`);
      const issued = (await idpTokens(context, secret))!;
      expect(issued).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
      // The server component's call, while the token is fresh.
      expect(Number(await text(page, "#idp-token-expires"))).toBe(issued.expires_at);
      const grants = refreshGrants(idp);
      const profile = () => context.request.get(`${app.url}/api/idp-profile`);

      const fresh = await profile();
      expect(await fresh.json()).toEqual({ expiresAt: issued.expires_at, profile: expect.objectContaining({ sub: "ada", name: "Ada Lovelace" }) });
      expect(await setCookieNames(fresh)).toEqual([]);
      expect(refreshGrants(idp)).toBe(grants);

      // Due: the route handler refreshes, calls the IdP with the new token, and sets the re-issued session cookie.
      const { response: refreshed, renewed } = await expectRefresh({ idp, context, secret }, issued, profile);
      expect(await refreshed.json()).toEqual({ expiresAt: renewed.expires_at, profile: expect.objectContaining({ name: "Ada Lovelace" }) });

      // Due in a server component: it refreshes, but Next.js lets it set no cookie, and sekisho warns.
      await untilDue(renewed);
      const printed = app.output().length;
      await page.goto(`${app.url}/dashboard`);
      expect(refreshGrants(idp)).toBe(grants + 2);
      const shown = Number(await text(page, "#idp-token-expires"));
      expect(shown).toBeGreaterThan(renewed.expires_at);
      expect((await idpTokens(context, secret))!.refresh_token).toBe(renewed.refresh_token);
      expect(app.output().slice(printed)).toContain("[sekisho][warn][provider-tokens-not-saved]");
      // Within the grace window, a route handler holding the replaced refresh token gets the same new tokens and saves them.
      const saved = await profile();
      expect(refreshGrants(idp)).toBe(grants + 2);
      expect((await saved.json()).expiresAt).toBe(shown);
      expect(await setCookieNames(saved)).toEqual(["authjs.session-token"]);
      const kept = (await idpTokens(context, secret))!;
      expect(kept.refresh_token).not.toBe(renewed.refresh_token);

      // The refresh token revoked at the IdP: the app's next refresh is refused.
      expect((await revokeRefreshToken(idp, kept.refresh_token)).status).toBe(200);
      await untilDue(kept);
      const refused = await profile();
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toEqual({ error: "RefreshTokenError" });
      expect(await setCookieNames(refused)).toEqual(["authjs.session-token"]);
      await expectRefreshTokenError(context, secret, `${app.url}/api/auth/session`, "Ada Lovelace");
    });
  });

  it("requireRecentSignIn: a server component and a server action ask a stale session to sign in again, and come back", async () => {
    await withPage((page) => passwordStepUp(page, stepUpApp()));
  });

  it("requireRecentSignIn: signing in again through the OpenID provider sends max_age and prompt=login, and comes back", async () => {
    await withPage((page) => idpStepUp(page, stepUpApp(), idp.issuer, "ada"));
  });

  it("holds a user with TOTP on after the password server action, and signs in with a generated code", async () => {
    await withPage((page, context) =>
      totpSignIn(page, context, {
        url: app.url,
        basePath: "/api/auth",
        signInPage: (landing) => `/login?callbackUrl=${encodeURIComponent(landing)}`,
        passwordButton: "Sign in with password",
        landing: "/dashboard",
      }),
    );
  });

  it("gives no session to requests without one, in every call shape", async () => {
    expect(await (await fetch(`${app.url}/api/me`)).json()).toEqual({ auth: null });
    expect(await (await fetch(`${app.url}/api/legacy`)).json()).toEqual({ session: null });
    const forged = await fetch(`${app.url}/api/me`, { headers: { cookie: "authjs.session-token=forged" } });
    expect(await forged.json()).toEqual({ auth: null });
    const guarded = await fetch(`${app.url}/dashboard`, { redirect: "manual" });
    expect(guarded.status).toBe(307);
    expect(new URL(guarded.headers.get("location")!, app.url).pathname).toBe("/login");
  });

  it("type-checks against sekisho's declarations", async () => {
    await typeCheck(built.dir);
  });
});
