/**
 * Federated logout in Chromium against the real oidc-provider, on both session strategies. The IdP's own
 * rpInitiatedLogout and backchannelLogout features call the app over HTTP; the browser shows the user signed
 * out of the app and of the IdP.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { createAuth } from "../helpers/plain-providers.js";
import { launchChromium } from "../helpers/browser.js";
import { idpClients, startIdp, type Idp } from "../helpers/oidc-idp.js";
import { startServer, type RunningServer } from "../helpers/server.js";

const strategies = ["jwt", "database"] as const;
const clients = { jwt: idpClients.confidential, database: idpClients.post } as const;

let idp: Idp;
const apps = {} as Record<(typeof strategies)[number], RunningServer>;
let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
  for (const strategy of strategies) {
    const client = clients[strategy];
    let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
    const app = await startServer((request) => handle(request));
    handle = createAuth(
      {
        secret: "e2e-logout-secret-0123456789abcdefghijklmn",
        trustHost: true,
        adapter: MemoryAdapter(),
        session: { strategy },
        providers: [
          {
            id: "idp",
            name: "Test IdP",
            type: "oidc",
            issuer: idp.issuer,
            clientId: client.client_id,
            clientSecret: client.client_secret,
            client: { token_endpoint_auth_method: client.token_endpoint_auth_method },
            checks: ["pkce", "state", "nonce"],
            endSession: true,
          },
        ],
      },
      { env: {} },
    ).fetch;
    await idp.setClientMetadata(client.client_id, {
      backchannel_logout_uri: `${app.url}/auth/backchannel-logout/idp`,
      backchannel_logout_session_required: true,
      post_logout_redirect_uris: [`${app.url}/auth/session`],
    });
    apps[strategy] = app;
  }
  await idp.setRedirectUris(strategies.map((strategy) => `${apps[strategy].url}/auth/callback/idp`));
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  for (const strategy of strategies) await apps[strategy]?.close();
  await idp?.close();
});

async function sessionShown(page: Page, appUrl: string): Promise<unknown> {
  await page.goto(`${appUrl}/auth/session`);
  return JSON.parse((await page.textContent("body")) ?? "null");
}

/** Signs in through the built-in page, logging in at the IdP's own pages; ends on the session JSON. */
async function signIn(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
  await page.getByRole("button", { name: "Sign in with Test IdP", exact: true }).click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill("alice");
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${appUrl}/auth/session`);
  expect(JSON.parse((await page.textContent("body")) ?? "null")).toMatchObject({ user: { email: "alice@example.com" } });
}

/** Starts a new sign-in and reports whether the IdP asks for a login again (it no longer knows the browser). */
async function idpAsksForLogin(page: Page, appUrl: string): Promise<boolean> {
  await page.goto(`${appUrl}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
  await page.getByRole("button", { name: "Sign in with Test IdP", exact: true }).click();
  await page.waitForURL((url) => url.origin === idp.issuer || url.pathname === "/auth/session");
  return (await page.locator('input[name="login"]').count()) > 0;
}

for (const strategy of strategies) {
  describe(`federated logout in a browser, ${strategy} strategy`, () => {
    it("the sign-out page signs the user out of the app and, after the IdP's confirmation, of the IdP", async () => {
      const appUrl = apps[strategy].url;
      const context = await (await browser()).newContext();
      const page = await context.newPage();
      try {
        await signIn(page, appUrl);
        expect(await idpAsksForLogin(page, appUrl)).toBe(false);
        expect(await sessionShown(page, appUrl)).toMatchObject({ user: { email: "alice@example.com" } });

        await page.goto(`${appUrl}/auth/signout?callbackUrl=${encodeURIComponent("/auth/session")}`);
        await page.getByRole("button", { name: "Sign out", exact: true }).click();
        await page.waitForURL((url) => url.origin === idp.issuer);
        expect(await page.textContent("h1")).toBe("Sign out of Demo IdP?");
        await page.getByRole("button", { name: "Sign out", exact: true }).click();
        await page.waitForURL(`${appUrl}/auth/session`);
        expect(JSON.parse((await page.textContent("body")) ?? "null")).toBeNull();

        expect(await idpAsksForLogin(page, appUrl)).toBe(true);
      } finally {
        await context.close();
      }
    });

    it("signing out at the IdP alone ends the app session through back-channel logout", async () => {
      const appUrl = apps[strategy].url;
      const context = await (await browser()).newContext();
      const page = await context.newPage();
      try {
        await signIn(page, appUrl);
        const cookieBefore = (await context.cookies(appUrl)).find((cookie) => cookie.name === "authjs.session-token")?.value;
        const deliveries = idp.backchannelDeliveries().length;

        await page.goto(`${idp.issuer}/session/end`);
        await page.getByRole("button", { name: "Sign out", exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/session/end/success"));
        expect(idp.backchannelDeliveries().slice(deliveries)).toEqual([{ clientId: clients[strategy].client_id, ok: true }]);

        // the browser still holds its session cookie; the app refuses it now
        const cookieAfter = (await context.cookies(appUrl)).find((cookie) => cookie.name === "authjs.session-token")?.value;
        expect(cookieAfter).toBe(cookieBefore);
        expect(await sessionShown(page, appUrl)).toBeNull();
        expect(await idpAsksForLogin(page, appUrl)).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
}
