/**
 * A second factor in a built example app, the steps both example specs take: the demo user `tess` enrolls TOTP
 * through the JSON API from a page of the app, then signs in with the password on the app's sign-in page, is
 * held at `{basePath}/two-factor` without a session cookie, and completes with a code an authenticator would show.
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { codeFor } from "../security/two-factor/fixtures.js";
import { sessionCookie, text } from "./pages.js";
import { signInWithPassword } from "./step-up-flow.js";

/** What differs between the apps: where sekisho's routes are, and the way to sign in with a password. */
export interface TwoFactorApp {
  url: string;
  basePath: string;
  /** The sign-in page with `landing` as where to go next. */
  signInPage(landing: string): string;
  /** The name of the sign-in page's button that submits the password form. */
  passwordButton: string;
  /** A page of the app, for signed-in users only, that shows the user's name in `#user-name`. */
  landing: string;
}

async function signInAsTess(page: Page, app: TwoFactorApp) {
  await page.goto(`${app.url}${app.signInPage(app.landing)}`);
  await signInWithPassword(page, app, "tess");
}

/** A CSRF-checked POST to sekisho's JSON API from the page, as the app's own settings page would send it. */
function post(page: Page, { basePath }: TwoFactorApp, route: string, fields: Record<string, string> = {}) {
  return page.evaluate(
    async ({ basePath, route, fields }) => {
      const { csrfToken } = await (await fetch(`${basePath}/csrf`)).json();
      const response = await fetch(`${basePath}${route}`, { method: "POST", body: new URLSearchParams({ ...fields, csrfToken }) });
      return { status: response.status, ...(await response.json()) } as Record<string, unknown>;
    },
    { basePath, route, fields },
  );
}

export async function totpSignIn(page: Page, context: BrowserContext, app: TwoFactorApp) {
  await signInAsTess(page, app);
  await page.waitForURL(`${app.url}${app.landing}`);
  const started = await post(page, app, "/account/totp");
  expect(started).toMatchObject({ status: 200, uri: expect.stringMatching(/^otpauth:\/\/totp\//) });
  const secret = started.secret as string;
  const confirmed = await post(page, app, "/account/totp/confirm", { code: await codeFor(secret) });
  expect(confirmed).toMatchObject({ status: 200, backupCodes: expect.any(Array) });

  await context.clearCookies();
  await signInAsTess(page, app);
  await page.waitForURL(`${app.url}${app.basePath}/two-factor`);
  expect(await sessionCookie(context)).toBeUndefined();
  // The code of the next step: the one that confirmed the enrollment is taken.
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${app.url}${app.landing}`);
  expect(await text(page, "#user-name")).toBe("Tess Tester");
  expect(await sessionCookie(context)).toMatchObject({ httpOnly: true });
}
