/** Browser helpers shared by the framework app suites. */
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Runs `run` in a fresh browser context; a failure carries the tail of the app's output. */
export async function withPage(
  browser: () => Promise<Browser>,
  appOutput: () => string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await (await browser()).newContext();
  const page = await context.newPage();
  try {
    await run(page, context);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- app output ---\n${appOutput().slice(-4000)}`, { cause: error });
  } finally {
    await context.close();
  }
}

/**
 * Fills the example apps' credentials form as the demo user and submits it. Only visible fields: while a streamed
 * Suspense boundary resolves, React keeps a hidden copy of the form in the document for a moment.
 */
export async function signInWithPassword(page: Page, password: string) {
  await page.getByLabel("Username").filter({ visible: true }).fill("demo");
  await page.getByLabel("Password").filter({ visible: true }).fill(password);
  await page.getByRole("button", { name: "Sign in with password" }).click();
}

/** At the local OpenID provider's login page: signs in as `login` and grants the consent that follows. */
export async function signInAtIdp(page: Page, issuer: string, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith("/interaction/") && !url.pathname.endsWith("/login"));
  await page.locator('button[type="submit"]').click();
}

/** Opens `start`, signs in with the "Company IdP" button as `login`, and waits until the app shows `landing`. */
export async function signInWithIdp(page: Page, issuer: string, login: string, start: string, landing: string) {
  await page.goto(start);
  await page.getByRole("button", { name: "Sign in with Company IdP" }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await signInAtIdp(page, issuer, login);
  await page.waitForURL(landing);
}

/**
 * The text of the visible element `selector` names. React reveals a streamed Suspense boundary a moment after
 * its content arrives, meanwhile kept in a hidden copy: the visible one is what the user reads.
 */
export const text = (page: Page, selector: string) => page.locator(selector).filter({ visible: true }).textContent();

export const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "authjs.session-token");
