/**
 * Chromium with a CDP virtual authenticator: a user registers a passkey, turns TOTP on, then signs in with the
 * password; the built-in second-factor page offers their passkey, and the browser's assertion completes the sign-in.
 * sekisho on @hono/node-server at http://localhost (WebAuthn refuses an IP address as the RP ID).
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { createAuth } from "../../src/index.js";
import Passkey from "../../src/providers/passkey.js";
import { messages } from "../../pages/messages.js";
import { alice, credentialsProvider, quietLogger } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";
import { codeFor } from "../security/two-factor/fixtures.js";
import { twoFactor } from "../../src/two-factor/index.js";

let server: ReturnType<typeof serve>;
let base: string;
let launched: Promise<Browser> | undefined;

beforeAll(async () => {
  const adapter = MemoryAdapter();
  const password = credentialsProvider(async (fields) => {
    if (fields.password !== alice.password) return null;
    const user = await adapter.getUserByEmail!(String(fields.username));
    return user && { id: user.id, email: user.email, name: user.name };
  });
  const auth = createAuth(
    {
      secret: "e2e-passkey-second-factor-secret-0123456789ab",
      providers: [password, Passkey()],
      adapter,
      experimental: { enableWebAuthn: true },
      twoFactor: twoFactor({ trustedDevices: { maxAge: 30 * 24 * 60 * 60 } }),
      logger: quietLogger,
    },
    { env: {} },
  );
  await new Promise<void>((resolve) => {
    server = serve({ fetch: auth.fetch, hostname: "localhost", port: 0 }, () => resolve());
  });
  base = `http://localhost:${(server.address() as AddressInfo).port}/auth`;
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
});

it("after the password, the second-factor page's passkey button completes the sign-in, trusting the browser when asked", async () => {
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const problems: string[] = [];
  // the aborted conditional-UI requests below log a failed load; anything else (a CSP refusal, a script error) counts
  page.on("console", (message) => message.type() === "error" && !/ERR_FAILED/.test(message.text()) && problems.push(message.text()));
  await addPlatformAuthenticator(context, page);
  // the sign-in page's conditional UI would answer with the passkey at once; only the buttons sign in here
  await page.route(
    (url) => url.pathname.endsWith("/webauthn-options/passkey") && url.searchParams.get("action") === "authenticate",
    (route) => route.abort(),
  );
  const signInPage = `${base}/signin?callbackUrl=${encodeURIComponent(`${base}/session`)}`;
  try {
    await page.goto(signInPage);
    await page.getByLabel("Email").fill(alice.email);
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await page.waitForURL(`${base}/session`);

    const post = (path: string, fields: Record<string, string>) =>
      page.evaluate(
        async ({ path, fields }) => {
          const { csrfToken } = await (await fetch("/auth/csrf")).json();
          return (await fetch(path, { method: "POST", body: new URLSearchParams({ ...fields, csrfToken }) })).json();
        },
        { path, fields },
      );
    const { secret } = await post("/auth/account/totp", {});
    await post("/auth/account/totp/confirm", { code: await codeFor(secret) });

    await context.clearCookies();
    await page.goto(signInPage);
    await page.getByLabel("Username").fill(alice.email);
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${base}/two-factor`);
    expect((await context.cookies()).some((cookie) => cookie.name === "authjs.session-token")).toBe(false);

    await page.locator("[data-webauthn]").getByLabel(messages.twoFactor.trustDevice).check();
    await page.getByRole("button", { name: messages.twoFactor.passkeyButton }).click();
    await page.waitForURL(`${base}/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);
    expect((await context.cookies()).some((cookie) => cookie.name === "sekisho.trusted-device")).toBe(true);

    // the box ticked beside the passkey trusts this browser as the code form's does: the password alone signs in
    await context.clearCookies({ name: "authjs.session-token" });
    await page.goto(signInPage);
    await page.getByLabel("Username").fill(alice.email);
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${base}/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
