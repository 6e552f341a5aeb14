/**
 * Recent sign-in in a built example app, the steps both example specs take: the sensitive page
 * `/settings/danger` and its "Delete my notes" action, guarded by the shim's `requireRecentSignIn`. The apps run
 * with a recent-sign-in window of a few seconds, which the tests outwait.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { signInAtIdp, text } from "./pages.js";

/** `account.recentSignIn` in the example apps under test: short enough to outwait, long enough to sign in within. */
export const recentSignInSeconds = 10;

/** The environment that sets it (the examples read `RECENT_SIGN_IN_SECONDS`). */
export const stepUpEnv = { RECENT_SIGN_IN_SECONDS: String(recentSignInSeconds) };

export const dangerPath = "/settings/danger";

/** What differs between the apps: where a visitor signs in, and that page's password button. */
export interface StepUpApp {
  url: string;
  /** The sign-in page's path: the app's own, or sekisho's built-in one. */
  signInPath: string;
  /** The name of the sign-in page's button that submits the password form. */
  passwordButton: string;
}

/** Waits until a sign-in made before the call is no longer recent. */
export const untilStale = () => new Promise((resolve) => setTimeout(resolve, (recentSignInSeconds + 1.5) * 1000));

/**
 * Signs in as a demo user (password "demo") on the sign-in page the browser is at. Its visible form: React keeps
 * a hidden copy of a streamed Suspense boundary for a moment.
 */
export async function signInWithPassword(page: Page, { passwordButton }: Pick<StepUpApp, "passwordButton">, username = "demo") {
  await page.getByLabel("Username").filter({ visible: true }).fill(username);
  await page.getByLabel("Password").filter({ visible: true }).fill("demo");
  await page.getByRole("button", { name: passwordButton, exact: true }).filter({ visible: true }).click();
}

/** The browser lands on the sign-in page, told why, with the sensitive page as the way back. */
export async function expectAskedToSignInAgain(page: Page, app: StepUpApp) {
  await page.waitForURL((url) => url.pathname === app.signInPath && url.searchParams.has("error"));
  const url = new URL(page.url());
  expect(url.searchParams.get("error")).toBe("RecentSignInRequired");
  expect(url.searchParams.get("callbackUrl")).toBe(`${app.url}${dangerPath}`);
  await page.getByText("For your security, sign in again to continue.").filter({ visible: true }).waitFor();
}

/** The number of notes the sensitive page shows. */
export const noteCount = (page: Page) => text(page, "#note-count");

/**
 * A fresh sign-in with the password reaches the page. Once stale, the action is refused before it deletes
 * anything (`refuseScript`, where the app has one, also checks a script's refusal), the user signs in again and
 * comes back to the page, and the action then runs. Once stale again, loading the page asks the same.
 */
export async function passwordStepUp(page: Page, app: StepUpApp, refuseScript?: () => Promise<void>) {
  await page.goto(`${app.url}${dangerPath}`);
  await page.waitForURL((url) => url.pathname === app.signInPath);
  await signInWithPassword(page, app);
  await page.waitForURL(`${app.url}${dangerPath}`);
  expect(await text(page, "#user-name")).toBe("Demo User");
  expect(await noteCount(page)).toBe("2");

  await untilStale();
  await refuseScript?.();
  await page.getByRole("button", { name: "Delete my notes" }).click();
  await expectAskedToSignInAgain(page, app);
  await signInWithPassword(page, app);
  await page.waitForURL(`${app.url}${dangerPath}`);
  // The refused action deleted nothing.
  expect(await noteCount(page)).toBe("2");

  await page.getByRole("button", { name: "Delete my notes" }).click();
  await expect.poll(() => noteCount(page)).toBe("0");
  expect(new URL(page.url()).pathname).toBe(dangerPath);

  // The page itself, loaded afresh once stale.
  await untilStale();
  await page.goto(`${app.url}${dangerPath}`);
  await expectAskedToSignInAgain(page, app);
  await signInWithPassword(page, app);
  await page.waitForURL(`${app.url}${dangerPath}`);
  expect(await noteCount(page)).toBe("0");
}

/**
 * A fresh sign-in at the OpenID provider reaches the page. Once stale, a client-side navigation to it (the home
 * page's link) sends the user to sign in again; the provider is asked for `max_age` and `prompt=login`, signs the
 * user in afresh, and the app comes back to the page.
 */
export async function idpStepUp(page: Page, app: StepUpApp, issuer: string, login: string) {
  const authorizations: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === issuer && url.pathname === "/auth") authorizations.push(url);
  });
  await page.goto(`${app.url}${dangerPath}`);
  await page.waitForURL((url) => url.pathname === app.signInPath);
  await page.getByRole("button", { name: "Sign in with Company IdP" }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await signInAtIdp(page, issuer, login);
  await page.waitForURL(`${app.url}${dangerPath}`);
  expect(await noteCount(page)).toBe("2");
  expect(authorizations.map((url) => url.searchParams.get("max_age"))).toEqual([null]);

  await untilStale();
  await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Danger zone" }).click();
  await expectAskedToSignInAgain(page, app);
  await page.getByRole("button", { name: "Sign in with Company IdP" }).click();
  await page.waitForURL((url) => url.origin === issuer);
  const again = authorizations.at(-1)!;
  expect([again.searchParams.get("max_age"), again.searchParams.get("prompt")]).toEqual([String(recentSignInSeconds), "login"]);
  // The provider still has its own session, and asks for the password all the same; consent was given before.
  const loginPage = page.url();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.origin !== issuer || (url.pathname.startsWith("/interaction/") && url.href !== loginPage));
  if (new URL(page.url()).origin === issuer) await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${app.url}${dangerPath}`);
  expect(await noteCount(page)).toBe("2");
}
