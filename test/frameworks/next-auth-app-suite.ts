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

    it('type-checks with the stock tsconfig.json ("moduleResolution": "node")', async () => {
      // Next.js 16 rewrites tsconfig.json to "bundler" during the build; the source's is the one a user has.
      const stock = JSON.parse(readFileSync(join(root, "test/frameworks/next-auth-app/tsconfig.json"), "utf8"));
      expect(stock.compilerOptions.moduleResolution).toBe("node");
      writeFileSync(join(built.dir, "tsconfig.json"), JSON.stringify({ ...stock, compilerOptions: { ...stock.compilerOptions, incremental: false } }));
      await typeCheck(built.dir);
    });
  });
}
