import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderSignIn } from "../../../pages/index.js";
import { messages } from "../../../pages/messages.js";
import { launchChromium } from "./browser.js";
import { passkey } from "./fixtures.js";
import { addPlatformAuthenticator } from "../../helpers/virtual-authenticator.js";

// The page's inline script against the real SimpleWebAuthn browser bundle, a virtual
// authenticator, and a small relying party built on @simplewebauthn/server.

const require = createRequire(import.meta.url);
const bundle = readFileSync(
  require.resolve("@simplewebauthn/browser").replace(/script[\\/]index\.js$/, "dist/bundle/index.umd.min.js"),
);

interface Posted {
  action: string;
  data: string;
  csrfToken: string;
  callbackUrl: string;
  keys: string[];
}

interface RelyingParty {
  origin: string;
  conditional: boolean;
  failOptions: boolean;
  optionsRequests: URLSearchParams[];
  posts: Posted[];
  verified: boolean[];
  challenge?: string;
  credential?: WebAuthnCredential;
}

let server: Server;
let rp: RelyingParty;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function handle(
  rp: RelyingParty,
  url: URL,
  method: string,
  body: string,
): Promise<{ status: number; type: string; body: string | Buffer }> {
  if (url.pathname === "/signin") {
    const { html } = renderSignIn({
      theme: {},
      csrfToken: "csrf-123",
      callbackUrl: "/after",
      providers: [{ ...passkey, callbackUrl: "/callback/passkey", enableConditionalUI: rp.conditional }],
      webauthnScriptUrl: "/webauthn.js",
      webauthnOptionsUrl: "/webauthn-options/passkey",
    });
    return { status: 200, type: "text/html", body: html };
  }
  if (url.pathname === "/webauthn.js") return { status: 200, type: "text/javascript", body: bundle };
  if (url.pathname === "/webauthn-options/passkey") {
    rp.optionsRequests.push(url.searchParams);
    if (rp.failOptions) return { status: 500, type: "application/json", body: "{}" };
    const email = url.searchParams.get("email");
    const action = url.searchParams.get("action") ?? (email && !rp.credential ? "register" : "authenticate");
    const options =
      action === "register"
        ? await generateRegistrationOptions({
            rpName: "Test",
            rpID: "localhost",
            userName: email ?? "anonymous",
            authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          })
        : await generateAuthenticationOptions({ rpID: "localhost", userVerification: "preferred" });
    rp.challenge = options.challenge;
    return { status: 200, type: "application/json", body: JSON.stringify({ action, options }) };
  }
  if (url.pathname === "/callback/passkey" && method === "POST") {
    const form = new URLSearchParams(body);
    const posted: Posted = {
      action: form.get("action") ?? "",
      data: form.get("data") ?? "",
      csrfToken: form.get("csrfToken") ?? "",
      callbackUrl: form.get("callbackUrl") ?? "",
      keys: [...form.keys()].sort(),
    };
    rp.posts.push(posted);
    const expected = { expectedChallenge: rp.challenge!, expectedOrigin: rp.origin, expectedRPID: "localhost" };
    if (posted.action === "register") {
      const result = await verifyRegistrationResponse({ response: JSON.parse(posted.data), ...expected });
      rp.credential = result.registrationInfo?.credential;
      rp.verified.push(result.verified);
    } else {
      const result = await verifyAuthenticationResponse({
        response: JSON.parse(posted.data),
        credential: rp.credential!,
        ...expected,
      });
      rp.verified.push(result.verified);
    }
    return { status: 200, type: "text/html", body: "<!DOCTYPE html><title>done</title><p>done</p>" };
  }
  return { status: 404, type: "text/plain", body: "not found" };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", rp.origin);
      handle(rp, url, request.method ?? "GET", Buffer.concat(chunks).toString()).then(
        (result) => response.writeHead(result.status, { "content-type": result.type }).end(result.body),
        (error: Error) => response.writeHead(500, { "content-type": "text/plain" }).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(async () => {
  const port = (server.address() as AddressInfo).port;
  rp = { origin: `http://localhost:${port}`, conditional: false, failOptions: false, optionsRequests: [], posts: [], verified: [] };
  await context?.close();
  context = await browser.newContext();
  page = await context.newPage();
  await addPlatformAuthenticator(context, page);
});

/** Waits until the relying party has checked `count` posted ceremonies. */
async function waitForVerified(count: number) {
  await expect.poll(() => rp.verified.length, { timeout: 10_000 }).toBe(count);
}

describe("passkey script", () => {
  it("registers with the typed email, then signs in, posting action, data, csrfToken and callbackUrl", async () => {
    await page.goto(`${rp.origin}/signin`);
    await page.getByLabel("Email").fill("new@example.com");
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await waitForVerified(1);
    expect(rp.optionsRequests[0].get("email")).toBe("new@example.com");
    expect(rp.optionsRequests[0].has("csrfToken")).toBe(false);
    expect(rp.posts[0]).toMatchObject({ action: "register", csrfToken: "csrf-123", callbackUrl: "/after" });
    expect(rp.posts[0].keys).toEqual(["action", "callbackUrl", "csrfToken", "data"]);
    expect(rp.verified).toEqual([true]);
    await page.waitForURL(`${rp.origin}/callback/passkey`);

    await page.goto(`${rp.origin}/signin`);
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await waitForVerified(2);
    expect(rp.optionsRequests[1].has("email")).toBe(false);
    expect(rp.posts[1]).toMatchObject({ action: "authenticate", csrfToken: "csrf-123", callbackUrl: "/after" });
    expect(rp.verified).toEqual([true, true]);
  });

  it("with conditional UI, asks for authentication options on load and still works from the button", async () => {
    rp.conditional = true;
    await page.goto(`${rp.origin}/signin`);
    expect(await page.getByLabel("Email").getAttribute("autocomplete")).toBe("username webauthn");
    const autofill = await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable?.() ?? false);
    expect(autofill).toBe(true);
    await expect.poll(() => rp.optionsRequests.length).toBe(1);
    expect(rp.optionsRequests[0].get("action")).toBe("authenticate");
    // Register first (the button aborts the pending conditional request), then authenticate.
    await page.getByLabel("Email").fill("c@example.com");
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await waitForVerified(1);
    expect(rp.posts[0].action).toBe("register");
    expect(rp.verified).toEqual([true]);
  });

  it("shows the error text when the options request fails", async () => {
    rp.failOptions = true;
    await page.goto(`${rp.origin}/signin`);
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(messages.signIn.passkeyFailed);
    expect(rp.posts).toEqual([]);
  });
});
