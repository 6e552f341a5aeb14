import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../src/index.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { launchChromium } from "../helpers/browser.js";
import { startServer, type RunningServer } from "../helpers/server.js";
import { startSmtp } from "../helpers/smtp.js";
import { codeIn, linkIn } from "../integration/email/email-flow.js";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: RunningServer;
let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());

beforeAll(async () => {
  smtp = await startSmtp();
  const auth = createAuth(
    {
      secret: "e2e-email-secret-0123456789abcdefghijklmnop",
      trustHost: true,
      adapter: MemoryAdapter(),
      providers: [Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true }, from: "Sekisho <auth@sekisho.test>", otp: true })],
    },
    { env: {} },
  );
  app = await startServer(auth.fetch);
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await app?.close();
  await smtp?.close();
});

describe("email sign-in in a browser, through the built-in page", () => {
  it("sends a link from the sign-in page, and following it signs in", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
      await page.getByLabel("Email").fill("browser@example.com");
      await page.getByRole("button", { name: "Sign in with email" }).click();
      await page.waitForURL((url) => url.pathname === "/auth/verify-request");
      expect(await page.textContent("body")).toContain("Check your email");
      const mail = await smtp.waitForMessage("browser@example.com", 5000);
      await page.goto(linkIn(mail.text));
      await page.waitForURL(`${app.url}/auth/session`);
      const session = JSON.parse((await page.textContent("body")) ?? "null");
      expect(session.user.email).toBe("browser@example.com");
    } finally {
      await context.close();
    }
  });

  it("accepts the emailed code on the check-your-email page", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
      await page.getByLabel("Email").fill("code@example.com");
      await page.getByRole("button", { name: "Sign in with email" }).click();
      await page.waitForURL((url) => url.pathname === "/auth/verify-request");
      const mail = await smtp.waitForMessage("code@example.com", 5000);
      await page.locator('input[name="code"]').fill(codeIn(mail.text));
      await page.locator('form[method="post"] button[type="submit"]').click();
      await page.waitForURL(`${app.url}/auth/session`);
      expect(JSON.parse((await page.textContent("body")) ?? "null").user.email).toBe("code@example.com");
    } finally {
      await context.close();
    }
  });
});
