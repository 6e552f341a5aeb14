/**
 * examples/sveltekit, built with `vite build` (adapter-node) and run with `node build`, driven in Chromium:
 * `handle` composed with `sequence`, a load function redirecting with 303, the signIn / signOut form
 * actions behind the SignIn / SignOut components, the client module, a real OpenID provider,
 * event.locals.getAccessToken refreshing its rotated tokens, requireRecentSignIn guarding a load and a form action
 * (test/frameworks/step-up-flow.ts), and a user with TOTP held for the second factor
 * (test/frameworks/two-factor-flow.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runUntilExit, typeCheck } from "./apps.js";
import { exampleForSuite } from "./example-suite.js";
import { revokeRefreshToken } from "../helpers/oidc-idp.js";
import { sessionCookie, signInAtIdp, signInWithIdp, signInWithPassword, text } from "./pages.js";
import { expectRefresh, expectRefreshTokenError, idpTokens, refreshGrants, setCookieNames, tokenIdp, untilDue } from "./provider-tokens.js";
import { dangerPath, idpStepUp, passwordStepUp, stepUpEnv, type StepUpApp } from "./step-up-flow.js";
import { totpSignIn } from "./two-factor-flow.js";

const secret = "sveltekit-example-secret-0123456789abcdefghij";
const { app, idp, built, withPage } = exampleForSuite("sveltekit", {
  secret,
  user: { sub: "grace", email: "grace@idp.example", name: "Grace Hopper" },
  authPath: "/auth",
  idpOptions: tokenIdp,
  env: stepUpEnv,
});
/** sekisho's built-in sign-in page, where requireRecentSignIn sends a stale session. */
const stepUpApp = (): StepUpApp => ({ url: app.url, signInPath: "/auth/signin", passwordButton: "Sign in" });
/** Opens a page and waits until its scripts have run, so the client-side buttons respond. */
const open = (page: Page, path: string) => page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });

describe("examples/sveltekit (SvelteKit 2, adapter-node)", () => {
  it("sends a visitor who opens the form actions' routes to the built-in pages, not an error", async () => {
    for (const [path, target] of [["/signin", "/auth/signin"], ["/signout", "/auth/signout"]]) {
      const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(target);
    }
  });

  it("redirects the protected page with 303, signs in with the form action, updates, and signs out", async () => {
    const guarded = await fetch(`${app.url}/protected`, { redirect: "manual" });
    expect(guarded.status).toBe(303);
    expect(guarded.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");
    const admin = await fetch(`${app.url}/admin`, { redirect: "manual" });
    expect(admin.status).toBe(303);

    await withPage(async (page, context) => {
      await page.goto(`${app.url}/`);
      expect(await text(page, "#status")).toBe("Not signed in");
      await signInWithPassword(page, "wrong");
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(await text(page, "#error")).toBe("CredentialsSignin");

      await signInWithPassword(page, "demo");
      await page.waitForURL(`${app.url}/protected`);
      expect(await text(page, "#user-name")).toBe("Demo User");
      expect(await text(page, "#user-email")).toBe("demo@example.com");
      expect(await sessionCookie(context)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      await page.goto(`${app.url}/admin`);
      expect(await text(page, "#admin")).toBe("Admin area");

      await open(page, "/");
      await page.getByRole("button", { name: "Update from the client" }).click();
      await expect.poll(() => text(page, "#status")).toBe("Signed in as Updated From Client");
      await page.goto(`${app.url}/protected`);
      expect(await text(page, "#user-name")).toBe("Updated From Client");

      await page.goto(`${app.url}/`);
      await page.getByRole("button", { name: "Sign out with the form" }).click();
      await expect.poll(() => text(page, "#status")).toBe("Not signed in");
      expect(await sessionCookie(context)).toBeUndefined();
      await page.goto(`${app.url}/protected`);
      expect(new URL(page.url()).pathname).toBe("/auth/signin");
    });
  });

  it("getToken with the instance's isRevoked refuses a copied cookie once its session signed out", async () => {
    await withPage(async (page, context) => {
      await page.goto(`${app.url}/`);
      await signInWithPassword(page, "demo");
      await page.waitForURL(`${app.url}/protected`);
      const copied = `authjs.session-token=${(await sessionCookie(context))?.value}`;
      const token = async () => (await (await fetch(`${app.url}/api/token`, { headers: { cookie: copied } })).json()) as { sid: string | null };
      const { sid } = await token();
      expect(sid).toEqual(expect.any(String));

      await page.goto(`${app.url}/`);
      await page.getByRole("button", { name: "Sign out with the form" }).click();
      await expect.poll(() => text(page, "#status")).toBe("Not signed in");
      expect(await token()).toEqual({ sid: null, email: null });
      const protectedPage = await fetch(`${app.url}/protected`, { headers: { cookie: copied }, redirect: "manual" });
      expect(protectedPage.status).toBe(303);
    });
  });

  it("signs in and out with the client module", async () => {
    await withPage(async (page, context) => {
      await open(page, "/");
      await page.getByRole("button", { name: "Sign in from the client" }).click();
      await page.waitForURL(`${app.url}/protected`);
      expect(await text(page, "#user-name")).toBe("Demo User");

      await open(page, "/");
      await page.getByRole("button", { name: "Sign out from the client" }).click();
      await expect.poll(() => text(page, "#status")).toBe("Not signed in");
      expect(await sessionCookie(context)).toBeUndefined();
    });
  });

  it("signs in through the OpenID provider, passing authorizationParams-* on", async () => {
    await withPage(async (page) => {
      const authorizations: URL[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.origin === idp.issuer && url.pathname === "/auth") authorizations.push(url);
      });
      await page.goto(`${app.url}/`);
      await page.getByRole("button", { name: "Sign in with Company IdP" }).click();
      await page.waitForURL((url) => url.origin === idp.issuer);
      expect(authorizations.map((url) => url.searchParams.get("prompt"))).toEqual(["login"]);
      await signInAtIdp(page, idp.issuer, "grace");
      await page.waitForURL(`${app.url}/protected`);
      expect(await text(page, "#user-name")).toBe("Grace Hopper");
      expect(await text(page, "#user-email")).toBe("grace@idp.example");
    });
  });

  it("event.locals.getAccessToken: gives the IdP's token, refreshes it when due, and reports RefreshTokenError once the IdP refuses", async () => {
    await withPage(async (page, context) => {
      await signInWithIdp(page, idp.issuer, "grace", `${app.url}/`, `${app.url}/protected`);
      const issued = (await idpTokens(context, secret))!;
      expect(issued).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
      const grants = refreshGrants(idp);
      const profile = () => page.goto(`${app.url}/idp-profile`);

      const fresh = (await profile())!;
      expect(await text(page, "#idp-name")).toBe("Grace Hopper");
      expect(Number(await text(page, "#idp-token-expires"))).toBe(issued.expires_at);
      expect(await setCookieNames(fresh)).toEqual([]);
      expect(refreshGrants(idp)).toBe(grants);

      // Due: the load function refreshes, calls the IdP with the new token, and sets the re-issued session cookie.
      const { renewed } = await expectRefresh({ idp, context, secret }, issued, async () => (await profile())!);
      expect(await text(page, "#idp-name")).toBe("Grace Hopper");
      expect(Number(await text(page, "#idp-token-expires"))).toBe(renewed.expires_at);

      // The refresh token revoked at the IdP: the app's next refresh is refused, and auth() in the same load sees it.
      expect((await revokeRefreshToken(idp, renewed.refresh_token)).status).toBe(200);
      await untilDue(renewed);
      const refused = (await profile())!;
      expect(await text(page, "#idp-error")).toBe("RefreshTokenError");
      expect(await setCookieNames(refused)).toEqual(["authjs.session-token"]);
      await expectRefreshTokenError(context, secret, `${app.url}/auth/session`, "Grace Hopper");
    });
  });

  it("requireRecentSignIn: a load and a form action ask a stale session to sign in again, and come back; a script gets 403", async () => {
    await withPage((page, context) =>
      passwordStepUp(page, stepUpApp(), async () => {
        // What an enhanced form (use:enhance) sends: SvelteKit answers the action's 403 as JSON.
        const enhanced = await context.request.post(`${app.url}${dangerPath}`, {
          headers: { accept: "application/json", origin: app.url, "x-sveltekit-action": "true" },
          form: {},
        });
        expect(enhanced.status()).toBe(403);
        expect(await enhanced.json()).toMatchObject({ type: "error", error: { message: "RecentSignInRequired" } });
      }),
    );
  });

  it("requireRecentSignIn: signing in again through the OpenID provider sends max_age and prompt=login, and comes back", async () => {
    await withPage((page) => idpStepUp(page, stepUpApp(), idp.issuer, "grace"));
  });

  it("holds a user with TOTP on after the password on the built-in page, and signs in with a generated code", async () => {
    await withPage((page, context) =>
      totpSignIn(page, context, {
        url: app.url,
        basePath: "/auth",
        signInPage: (landing) => `/auth/signin?callbackUrl=${encodeURIComponent(landing)}`,
        passwordButton: "Sign in",
        landing: "/protected",
      }),
    );
  });

  it("answers the auth routes from handle", async () => {
    const providers = await (await fetch(`${app.url}/auth/providers`)).json();
    expect(Object.keys(providers)).toEqual(["credentials", "idp"]);
    expect(providers.idp.callbackUrl).toBe(`${app.url}/auth/callback/idp`);
    expect(await (await fetch(`${app.url}/auth/session`)).json()).toBeNull();
  });

  it("refuses to start with a secret shorter than 32 characters", async () => {
    const { code, output } = await runUntilExit("sveltekit", built.dir, { ...built.env, AUTH_SECRET: "too-short-secret" });
    expect(code).not.toBe(0);
    expect(output).toContain("at least 32 characters");
  });

  it("type-checks against sekisho's declarations", async () => {
    await typeCheck(built.dir);
  });
});
