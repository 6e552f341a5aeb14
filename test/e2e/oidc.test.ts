import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../helpers/plain-providers.js";
import { launchChromium } from "../helpers/browser.js";
import { idpClients, startIdp, type Idp } from "../helpers/oidc-idp.js";
import { startServer, type RunningServer } from "../helpers/server.js";

let idp: Idp;
let app: RunningServer;
let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  app = await startServer((request) => handle(request));
  const provider = (id: string, params: Record<string, string> = {}) => ({
    id,
    name: id === "idp" ? "Test IdP" : "Test IdP (form_post)",
    type: "oidc" as const,
    issuer: idp.issuer,
    clientId: idpClients.confidential.client_id,
    clientSecret: idpClients.confidential.client_secret,
    checks: ["pkce", "state", "nonce"] as ("pkce" | "state" | "nonce")[],
    authorization: { params },
  });
  handle = createAuth(
    { secret: "e2e-oidc-secret-0123456789abcdefghijklmnop", trustHost: true, providers: [provider("idp"), provider("idp-form", { response_mode: "form_post" })] },
    { env: {} },
  ).fetch;
  await idp.setRedirectUris([`${app.url}/auth/callback/idp`, `${app.url}/auth/callback/idp-form`]);
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await app?.close();
  await idp?.close();
});

describe("OIDC sign-in in a browser, through the built-in page", () => {
  for (const [id, label] of [["idp", "Test IdP"], ["idp-form", "Test IdP (form_post)"]] as const) {
    it(`signs in with ${label} at a real OpenID provider`, async () => {
      const context = await (await browser()).newContext();
      const page = await context.newPage();
      try {
        await page.goto(`${app.url}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
        await page.getByRole("button", { name: `Sign in with ${label}`, exact: true }).click();
        await page.waitForURL((url) => url.origin === idp.issuer);
        await page.locator('input[name="login"]').fill("alice");
        await page.locator('input[name="password"]').fill("any");
        await page.locator('button[type="submit"]').click();
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(`${app.url}/auth/session`);
        const session = JSON.parse((await page.textContent("body")) ?? "null");
        expect(session.user).toEqual({ name: "Alice Liddell", email: "alice@example.com" });
        const names = (await context.cookies()).map((c) => c.name);
        expect(names).toContain("authjs.session-token");
        expect(names.filter((n) => /authjs\.(state|nonce|pkce)/.test(n))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
