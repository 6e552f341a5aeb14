/**
 * The next-auth v5 app of test/frameworks/next-auth-app (only its imports changed), built with one Next.js
 * major and driven in Chromium: Edge middleware guarding /protected through `callbacks.authorized` and
 * `request.nextUrl`, server-action sign-in with credentials and with a real OpenID provider,
 * `unstable_update`, the augmented Session, `useSession` and `signOut` from sekisho/react.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, typeCheck } from "./apps.js";
import { exampleForSuite } from "./example-suite.js";
import { nextAuthApp, type NextMajor } from "./next-auth-app.js";
import { sessionCookie, signInAtIdp, signInWithPassword, text } from "./pages.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";

export function describeNextAuthApp(major: NextMajor) {
  const { app, idp, built, withPage } = exampleForSuite(nextAuthApp(major), {
    secret: `next-auth-app-${major}-secret-0123456789abcdefghijklmnop`,
    user: { sub: "ada", email: "ada@idp.example", name: "Ada Lovelace" },
    authPath: "/api/auth",
  });

  describe(`a next-auth v5 app with its imports rewritten, on Next.js ${major}`, () => {
    it("runs middleware.ts on the Edge runtime", () => {
      const manifest = JSON.parse(readFileSync(join(built.dir, ".next/server/middleware-manifest.json"), "utf8"));
      expect(Object.keys(manifest.middleware)).toEqual(["/"]);
    });

    it("answers every page through the middleware, without a server error", async () => {
      for (const path of ["/", "/signin", "/client"]) {
        const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
        expect(response.status, path).toBe(200);
      }
      const guarded = await fetch(`${app.url}/protected`, { redirect: "manual" });
      expect(guarded.status).toBe(307);
      const signIn = new URL(guarded.headers.get("location")!, app.url);
      expect(signIn.pathname).toBe("/signin");
      expect(signIn.searchParams.get("callbackUrl")).toBe(`${app.url}/protected`);
      const forged = await fetch(`${app.url}/protected`, { redirect: "manual", headers: { cookie: "authjs.session-token=forged" } });
      expect(forged.status).toBe(307);
      expect(Object.keys(await (await fetch(`${app.url}/api/auth/providers`)).json())).toEqual(["credentials", "idp", "passkey"]);
    });

    it("signs in with credentials from a server action, updates the session, and signs out", async () => {
      await withPage(async (page, context) => {
        await page.goto(`${app.url}/protected`);
        await page.waitForURL((url) => url.pathname === "/signin");

        await signInWithPassword(page, "wrong");
        await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
        expect(await text(page, "#error")).toBe("CredentialsSignin");
        expect(await sessionCookie(context)).toBeUndefined();

        await page.goto(`${app.url}/protected`);
        await page.waitForURL((url) => url.pathname === "/signin");
        await signInWithPassword(page, "demo");
        await page.waitForURL(`${app.url}/protected`);
        expect(await text(page, "#user-name")).toBe("Demo User");
        expect(await text(page, "#user-email")).toBe("demo@example.com");
        expect(await text(page, "#user-role")).toBe("admin");

        await page.getByLabel("New name").fill("Renamed On Server");
        await page.getByRole("button", { name: "Rename" }).click();
        await expect.poll(() => text(page, "#user-name")).toBe("Renamed On Server");
        await page.goto(`${app.url}/`);
        expect(await text(page, "#status")).toBe("Signed in as Renamed On Server");

        await page.getByRole("button", { name: "Sign out" }).click();
        await expect.poll(() => text(page, "#status")).toBe("Not signed in");
        expect(await sessionCookie(context)).toBeUndefined();
        await page.goto(`${app.url}/protected`);
        expect(new URL(page.url()).pathname).toBe("/signin");
      });
    });

    it("signs in through the OpenID provider, and reads and ends the session in a client component", async () => {
      await withPage(async (page, context) => {
        await page.goto(`${app.url}/protected`);
        await page.getByRole("button", { name: "Sign in with Company IdP" }).click();
        await page.waitForURL((url) => url.origin === idp.issuer);
        await signInAtIdp(page, idp.issuer, "ada");
        await page.waitForURL(`${app.url}/protected`);
        expect(await text(page, "#user-name")).toBe("Ada Lovelace");
        expect(await text(page, "#user-role")).toBe("member");

        await page.goto(`${app.url}/client`);
        await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
        expect(await text(page, "#client-name")).toBe("Ada Lovelace");
        await page.getByRole("button", { name: "Sign out from the browser" }).click();
        await page.waitForURL(`${app.url}/`);
        expect(await text(page, "#status")).toBe("Not signed in");
        expect(await sessionCookie(context)).toBeUndefined();
      });
    });

    it("creates an account with a passkey, adds another, and signs in with it: sekisho/webauthn's signIn in Chromium", async () => {
      await withPage(async (page, context) => {
        const first = await addPlatformAuthenticator(context, page);
        const { cdp } = first;
        let { authenticatorId } = first;
        const passkeys = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length;
        const status = () => text(page, "#passkey-status");
        await page.goto(`${app.url}/passkey`);
        await expect.poll(status).toBe("unauthenticated");

        await page.getByLabel("Email").fill("grace@passkey.example");
        await page.getByRole("button", { name: "Create an account with a Passkey" }).click();
        await expect.poll(status).toBe("authenticated");
        expect(await text(page, "#passkey-user")).toBe("grace@passkey.example");
        expect(await passkeys()).toBe(1);

        // The second passkey is on another authenticator (a security key, another device): an authenticator that
        // holds one of the account's passkeys refuses to make another, as the ceremony's excludeCredentials asks.
        await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
        ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
          options: { protocol: "ctap2", transport: "usb", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
        }));
        // Registering ends in a reload of this page: wait for that load, or a click below may race the navigation.
        const reloaded = page.waitForEvent("load");
        await page.getByRole("button", { name: "Register new Passkey" }).click();
        await reloaded;
        expect(await passkeys()).toBe(1);
        await expect.poll(status).toBe("authenticated");

        await page.getByRole("button", { name: "Sign out" }).click();
        await expect.poll(status).toBe("unauthenticated");
        expect(await sessionCookie(context)).toBeUndefined();

        await page.getByRole("button", { name: "Sign in with Passkey" }).click();
        await expect.poll(status).toBe("authenticated");
        expect(await text(page, "#passkey-user")).toBe("grace@passkey.example");
        expect(await sessionCookie(context)).toMatchObject({ httpOnly: true });
      });
    });

    it('type-checks with the stock tsconfig.json ("moduleResolution": "node")', async () => {
      // Next.js 16 rewrites tsconfig.json to "bundler" during the build; the source's is the one a user has.
      const stock = JSON.parse(readFileSync(join(root, "test/frameworks/next-auth-app/tsconfig.json"), "utf8"));
      expect(stock.compilerOptions.moduleResolution).toBe("node");
      writeFileSync(join(built.dir, "tsconfig.json"), JSON.stringify({ ...stock, compilerOptions: { ...stock.compilerOptions, incremental: false } }));
      await typeCheck(built.dir);
    });
  });
}
