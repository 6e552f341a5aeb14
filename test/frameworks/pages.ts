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

export const text = (page: Page, selector: string) => page.locator(selector).textContent();

export const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "authjs.session-token");
