/**
 * The offer to add a passkey after a password sign-in: shown once to a browser whose user has no passkey, when the app
 * has a WebAuthn provider; the session is set before it, and "Not now" (a plain form) is remembered.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import Passkey from "../../../src/providers/passkey.js";
import { addPasskey } from "../account/fixtures.js";
import { enroll, pendingCookie } from "../../security/two-factor/fixtures.js";
import { json, passwordApp, passwordSignIn, pathOf, provenUser, type PasswordApp } from "../../helpers/password-app.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const passphrase = "the long passphrase of the offer test";
const page = { accept: "text/html" };

async function appWithPasskeys(): Promise<{ app: PasswordApp; adapter: ReturnType<typeof MemoryAdapter> }> {
  const adapter = MemoryAdapter();
  const app = passwordApp(adapter, {}, { providers: [Passkey()], experimental: { enableWebAuthn: true } });
  return { app, adapter };
}

describe("the passkey offer after a password sign-in", () => {
  it("signs the browser in, then offers a passkey once, before the callbackUrl; 'Not now' goes on and is remembered", async () => {
    const { app } = await appWithPasskeys();
    await provenUser(app, "offer@example.com", passphrase);
    const client = app.client();
    const signedIn = await client.send("/callback/password", {
      form: { email: "offer@example.com", password: passphrase, csrfToken: await client.csrfToken(), callbackUrl: "/inbox" },
      headers: page,
    });
    expect(signedIn.headers.get("location")).toBe("http://localhost:3000/auth/password/passkey-offer?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Finbox");
    expect(client.jar.get("authjs.session-token")).toBeDefined();
    const offer = await client.send(pathOf(signedIn.headers.get("location")!), { headers: page });
    expect(offer.status).toBe(200);
    const html = await offer.text();
    expect(html).toContain("Add a passkey?");
    expect(html).toContain('href="http://localhost:3000/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Finbox"');
    expect(html).toContain('<input type="hidden" name="callbackUrl" value="http://localhost:3000/inbox"');
    const notNow = await client.send("/password/passkey-offer", {
      form: { callbackUrl: "http://localhost:3000/inbox", csrfToken: await client.csrfToken() },
      headers: page,
    });
    expect(notNow.headers.get("location")).toBe("http://localhost:3000/inbox");
    // the callback-url cookie still says /inbox; the offer is not shown again
    const again = await passwordSignIn(client, "offer@example.com", passphrase, page);
    expect(again.headers.get("location")).toBe("http://localhost:3000/inbox");
  });

  it("is not shown to a user with a passkey, to a script, nor in an app without WebAuthn", async () => {
    const { app, adapter } = await appWithPasskeys();
    await provenUser(app, "has-one@example.com", passphrase);
    await provenUser(app, "script@example.com", passphrase);
    const user = await adapter.getUserByEmail!("has-one@example.com");
    await addPasskey(adapter as never, user!.id, "cred-offer");
    expect((await passwordSignIn(app.client(), "has-one@example.com", passphrase, page)).headers.get("location")).toBe(
      "http://localhost:3000/",
    );
    const script = await passwordSignIn(app.client(), "script@example.com", passphrase, { ...json, "x-auth-return-redirect": "1" });
    expect(await script.json()).toEqual({ url: "http://localhost:3000/" });
    const plain = passwordApp(MemoryAdapter());
    await provenUser(plain, "plain@example.com", passphrase);
    expect((await passwordSignIn(plain.client(), "plain@example.com", passphrase, page)).headers.get("location")).toBe(
      "http://localhost:3000/",
    );
  });

  it("refuses 'Not now' without the CSRF token, and a callbackUrl to another site", async () => {
    const { app } = await appWithPasskeys();
    const client = app.client();
    const forged = await client.send("/password/passkey-offer", { form: { callbackUrl: "/inbox" }, headers: page });
    expect(forged.headers.get("location")).toContain("error=MissingCSRF");
    expect(forged.headers.getSetCookie().some((line) => line.startsWith("sekisho.passkey-offer="))).toBe(false);
    const away = await client.send("/password/passkey-offer", {
      form: { callbackUrl: "https://evil.example/", csrfToken: await client.csrfToken() },
      headers: page,
    });
    expect(away.headers.get("location")).toBe("http://localhost:3000/");
  });

  it("carries a same-origin callbackUrl only as the redirect callback made it, percent-encoded", async () => {
    const { app } = await appWithPasskeys();
    const client = app.client();
    const hostile = '/inbox?q="><script>alert(1)</script>';
    const html = await (await client.send(`/password/passkey-offer?callbackUrl=${encodeURIComponent(hostile)}`, { headers: page })).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain('name="callbackUrl" value="http://localhost:3000/inbox?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });

  it("leaves a sign-in held for a second factor on its way to the code", async () => {
    const app = passwordApp(MemoryAdapter(), {}, { providers: [Passkey()], experimental: { enableWebAuthn: true }, twoFactor: twoFactor() });
    await provenUser(app, "held@example.com", passphrase);
    await enroll(await signedInClient(app, "held@example.com"));
    const browser = app.client();
    const held = await passwordSignIn(browser, "held@example.com", passphrase, page);
    expect(held.headers.get("location")).toContain("/auth/two-factor");
    expect(browser.jar.get(pendingCookie)).toBeDefined();
  });
});

async function signedInClient(app: PasswordApp, email: string) {
  const client = app.client();
  await passwordSignIn(client, email, passphrase);
  return client;
}
