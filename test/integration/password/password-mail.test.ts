/** The Password provider's mails through the app's email provider (Nodemailer to a real SMTP server), its start-up checks, and bad input. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import Nodemailer from "../../../src/providers/nodemailer.js";
import Password from "../../../src/providers/password.js";
import { allLocales } from "../../../pages/locales.js";
import { credentialsProvider, localClient, quietLogger, secret } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { json, passwordSignIn, pathOf, reset, signUp, forgot, testScrypt } from "../../helpers/password-app.js";
import { startSmtp, type SmtpSink } from "../../helpers/smtp.js";

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

function app() {
  const email = Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false }, from: "Sekisho <auth@sekisho.test>" });
  const auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter: MemoryAdapter(),
      logger: quietLogger,
      messages: allLocales,
      providers: [Password({ scrypt: testScrypt }), email],
    },
    { env: {} },
  );
  return localClient(auth.fetch);
}

const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? "";

describe("password mails through the email provider, over SMTP", () => {
  it("sign-up proof, reset, and the reset notice arrive with their own texts and links", async () => {
    const client = app();
    const address = "mail@example.com";
    await signUp(client, address, "a long passphrase for the mail test");
    const proof = await smtp.waitForMessage(address);
    expect(proof.subject).toBe("Confirm your email for localhost:3000");
    const proofLink = linkIn(proof.text);
    expect(proofLink).toContain("/auth/password/verify?token=");
    expect((await client.send(pathOf(proofLink), { headers: { accept: "text/html" } })).status).toBe(302);

    await forgot(client, address);
    const resetMail = await smtp.waitForMessage(address);
    expect(resetMail.subject).toBe("Reset your password for localhost:3000");
    const token = new URL(linkIn(resetMail.text)).searchParams.get("token")!;
    expect((await reset(client, token, "the new passphrase after reset", json)).status).toBe(200);
    const notice = await smtp.waitForMessage(address);
    expect(notice.subject).toBe("Your password for localhost:3000 was reset");
    expect((await passwordSignIn(client, address, "the new passphrase after reset")).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("a sign-up for a taken address mails its owner a notice, in the language of the request", async () => {
    const client = app();
    const address = "owner@example.com";
    await signUp(client, address, "the owner's long passphrase here");
    await client.send(pathOf(linkIn((await smtp.waitForMessage(address)).text)), { headers: { accept: "text/html" } });
    await signUp(client, address, "someone else's long passphrase", { "accept-language": "de" });
    const notice = await smtp.waitForMessage(address);
    expect(notice.subject).toBe("Jemand wollte sich bei localhost:3000 registrieren");
    expect(linkIn(notice.text)).toContain("/auth/password/forgot");
  });
});

describe("the sign-in page with a Password provider", () => {
  it("shows its form in the page's language, with the autocomplete values and the links to sign-up and forgot", async () => {
    const page = await app().send("/signin", { headers: { accept: "text/html", "accept-language": "de" } });
    const html = await page.text();
    expect(html).toContain('autocomplete="username"');
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain('href="http://localhost:3000/auth/password/forgot">Passwort vergessen?</a>');
    expect(html).toContain('href="http://localhost:3000/auth/signup/password">Konto erstellen</a>');
    expect(html).toContain(">Passwort</label>");
  });
});

describe("the Password provider at start-up", () => {
  it("without an email provider or sendMail, names both fixes", () => {
    expect(() => createAuth({ secret, adapter: MemoryAdapter(), logger: quietLogger, providers: [Password()] }, { env: {} })).toThrow(
      /add an email provider.*or give Password\(\{ sendMail \}\)/,
    );
  });

  it("without an adapter, says that it needs one and how to set it", () => {
    expect(() => createAuth({ secret, logger: quietLogger, providers: [Password({ sendMail: () => {} })] }, { env: {} })).toThrow(
      /The Password provider needs a database\. Set `adapter`/,
    );
  });
});

describe("bad input to the password routes", () => {
  it.each([
    ["/signup/password", { email: "not an address", password: "a long enough passphrase" }],
    ["/signup/password", { email: "x@example.com" }],
    ["/password/forgot", { email: "" }],
    ["/password/reset", { token: "junk", password: "a long enough passphrase" }],
  ])("%s with %o answers 400 JSON to a script and a page to a browser", async (path, fields) => {
    const client = app();
    const asJson = await client.send(path, { form: { ...fields, csrfToken: await client.csrfToken() }, headers: json });
    expect(asJson.status).toBe(400);
    expect(await asJson.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const asPage = await client.send(path, { form: { ...fields, csrfToken: await client.csrfToken() }, headers: { accept: "text/html" } });
    expect(asPage.status).toBe(400);
    expect(asPage.headers.get("content-type")).toContain("text/html");
    expect(asPage.headers.get("content-security-policy")).toContain("nonce-");
  });

  it("refuses a POST without the CSRF token", async () => {
    const client = app();
    const answer = await client.send("/signup/password", { form: { email: "x@example.com", password: "a long enough passphrase" } });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.headers.get("location") ?? "").toContain("error=MissingCSRF");
  });

  it("the password routes do not exist in an app without a Password provider (UnknownAction, as any unknown route)", async () => {
    const auth = createAuth({ secret, logger: quietLogger, providers: [credentialsProvider()] }, { env: {} });
    for (const path of ["/password/change", "/password/forgot", "/signup/credentials"])
      expect((await localClient(auth.fetch).send(path)).status).toBe(400);
  });
});
