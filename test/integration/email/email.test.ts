import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type AuthConfig } from "../../../src/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import Nodemailer from "../../../src/providers/nodemailer.js";
import { createClient, localClient, overHttp, type Transport } from "../../helpers/auth-client.js";
import { startSmtp } from "../../helpers/smtp.js";
import { codeIn, linkIn, requestLink } from "./email-flow.js";

const secret = "email-suite-secret-0123456789abcdefghijklm";
let smtp: Awaited<ReturnType<typeof startSmtp>>;

function emailAuth(config: Partial<AuthConfig> = {}, providerOptions: Record<string, unknown> = {}) {
  const adapter = MemoryAdapter();
  const auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      providers: [Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false }, from: "Sekisho <auth@sekisho.test>", ...providerOptions })],
      ...config,
    },
    { env: {} },
  );
  return { auth, adapter };
}

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp?.close());

describe("email sign-in through a real SMTP server", () => {
  it("requests a link, reads it from the mailbox, follows it and gets a session", async () => {
    const { auth, adapter } = emailAuth();
    const transport: Transport = await overHttp(auth.fetch);
    try {
      const client = createClient(transport);
      const requested = await requestLink(client, "Reader@Example.com");
      expect(requested.status).toBe(302);
      expect(requested.headers.get("location")).toBe(`${transport.origin}/auth/verify-request?provider=nodemailer&type=email&email=reader%40example.com`);
      const mail = await smtp.waitForMessage("reader@example.com", 5000);
      const link = linkIn(mail.text);
      expect(new URL(link).origin).toBe(transport.origin);
      const followed = await client.send(link);
      expect(followed.status).toBe(302);
      expect(followed.headers.get("location")).toBe(`${transport.origin}/inbox`);
      const session = (await client.session()) as { user: { email: string } };
      expect(session.user.email).toBe("reader@example.com");
      const user = await adapter.getUserByEmail!("reader@example.com");
      expect(user?.emailVerified).toBeInstanceOf(Date);
      const again = await createClient(transport).send(link);
      expect(again.headers.get("location")).toBe(`${transport.origin}/auth/error?error=Verification`);
    } finally {
      await transport.close();
    }
  });

  it("gives exactly one session when 50 requests use one link at once", async () => {
    const { auth } = emailAuth();
    const client = localClient(auth.fetch);
    await requestLink(client, "race@example.com");
    const link = linkIn((await smtp.waitForMessage("race@example.com", 5000)).text);
    const responses = await Promise.all(Array.from({ length: 50 }, () => auth.fetch(new Request(link))));
    const sessions = responses.filter((r) => r.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=") && !/Max-Age=0/.test(c)));
    expect(sessions).toHaveLength(1);
    expect(responses.filter((r) => r.headers.get("location")?.endsWith("error=Verification"))).toHaveLength(49);
  });

  it("refuses an expired link", async () => {
    const { auth } = emailAuth({}, { maxAge: 1 });
    const client = localClient(auth.fetch);
    await requestLink(client, "late@example.com");
    const link = linkIn((await smtp.waitForMessage("late@example.com", 5000)).text);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const response = await client.send(link);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Verification");
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    const page = await client.send("/error?error=Verification");
    expect(page.status).toBe(403);
  });

  it("refuses a token used with another identifier", async () => {
    const { auth } = emailAuth();
    const client = localClient(auth.fetch);
    await requestLink(client, "owner@example.com");
    const link = new URL(linkIn((await smtp.waitForMessage("owner@example.com", 5000)).text));
    link.searchParams.set("email", "attacker@example.com");
    const response = await client.send(link.href);
    expect(response.headers.get("location")).toMatch(/error=Verification$/);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  for (const address of ["a@evil.com,victim@example.com", '"a@evil.com"@victim.com', "victim＠example.com", "<img src=x onerror=alert(1)>@example.com", "two@@example.com", "nobody", ""]) {
    it(`refuses ${JSON.stringify(address)} on the sign-in page without sending anything`, async () => {
      const { auth, adapter } = emailAuth();
      const client = localClient(auth.fetch);
      const before = smtp.messages.length;
      const response = await requestLink(client, address);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=EmailSignInError");
      expect(smtp.messages.length).toBe(before);
      expect(await adapter.getUserByEmail!(address)).toBeNull();
    });
  }

  it("with confirm, the link shows a button and only its POST signs in", async () => {
    const { auth } = emailAuth({}, { confirm: true });
    const client = localClient(auth.fetch);
    await requestLink(client, "scanner@example.com");
    const link = linkIn((await smtp.waitForMessage("scanner@example.com", 5000)).text);
    const scanner = await auth.fetch(new Request(link));
    expect(scanner.status).toBe(200);
    const page = await client.send(link);
    const html = await page.text();
    expect(html).toContain('method="post"');
    const token = new URL(link).searchParams.get("token")!;
    const confirmed = await client.send("/callback/nodemailer", { form: { token, email: "scanner@example.com", callbackUrl: "/inbox", csrfToken: await client.csrfToken() } });
    expect(confirmed.headers.get("location")).toBe("http://localhost:3000/inbox");
    expect(((await client.session()) as { user: { email: string } }).user.email).toBe("scanner@example.com");
  });

  it("with confirm, a POST without the CSRF token does not consume the link", async () => {
    const { auth } = emailAuth({}, { confirm: true });
    const client = localClient(auth.fetch);
    await requestLink(client, "csrf@example.com");
    const link = linkIn((await smtp.waitForMessage("csrf@example.com", 5000)).text);
    const token = new URL(link).searchParams.get("token")!;
    const forged = await createClient({ origin: "http://localhost:3000", send: async (r) => auth.fetch(r) }).send("/callback/nodemailer", { form: { token, email: "csrf@example.com" } });
    expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
    const real = await client.send("/callback/nodemailer", { form: { token, email: "csrf@example.com", csrfToken: await client.csrfToken() } });
    expect(real.headers.get("location")).toBe("http://localhost:3000/inbox");
  });
});

describe("one-time codes", () => {
  it("signs in with the emailed code in the browser that asked, and the link then no longer works", async () => {
    const { auth } = emailAuth({}, { otp: true });
    const client = localClient(auth.fetch);
    const requested = await requestLink(client, "code@example.com");
    expect(requested.headers.get("location")).toContain("/verify-request?provider=nodemailer&type=email&email=code%40example.com");
    const mail = await smtp.waitForMessage("code@example.com", 5000);
    const code = codeIn(mail.text);
    const page = await (await client.send(requested.headers.get("location")!)).text();
    expect(page).toContain('name="code"');
    const response = await client.send("/callback/nodemailer", { form: { email: "code@example.com", code, csrfToken: await client.csrfToken() } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/inbox");
    const link = await createClient({ origin: "http://localhost:3000", send: async (r) => auth.fetch(r) }).send(linkIn(mail.text));
    expect(link.headers.get("location")).toMatch(/error=Verification$/);
  });

  it("burns the code after the allowed number of wrong tries", async () => {
    const { auth } = emailAuth({}, { otp: { maxAttempts: 3 } });
    const client = localClient(auth.fetch);
    await requestLink(client, "guess@example.com");
    const code = codeIn((await smtp.waitForMessage("guess@example.com", 5000)).text);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const response = await client.send("/callback/nodemailer", { form: { email: "guess@example.com", code: wrong, csrfToken: await client.csrfToken() } });
      expect(response.headers.get("location")).toContain("error=Verification");
    }
    const right = await client.send("/callback/nodemailer", { form: { email: "guess@example.com", code, csrfToken: await client.csrfToken() } });
    expect(right.headers.get("location")).toContain("error=Verification");
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("refuses a code from a browser that did not ask for it", async () => {
    const { auth } = emailAuth({}, { otp: true });
    await requestLink(localClient(auth.fetch), "elsewhere@example.com");
    const code = codeIn((await smtp.waitForMessage("elsewhere@example.com", 5000)).text);
    const other = localClient(auth.fetch);
    const response = await other.send("/callback/nodemailer", { form: { email: "elsewhere@example.com", code, csrfToken: await other.csrfToken() } });
    expect(response.headers.get("location")).toMatch(/error=Verification$/);
    expect(other.jar.get("authjs.session-token")).toBeUndefined();
  });
});

describe("sending failures", () => {
  it("says the email could not be sent and leaves no token behind when SMTP is down", async () => {
    const adapter = MemoryAdapter();
    const created: string[] = [];
    const watched = { ...adapter, createVerificationToken: async (t: any) => (created.push(t.token), adapter.createVerificationToken!(t)) };
    const auth = createAuth(
      { secret, trustHost: true, adapter: watched, providers: [Nodemailer({ server: { host: "127.0.0.1", port: 1, ignoreTLS: true, connectionTimeout: 1000 }, from: "a@b.c" })] },
      { env: {} },
    );
    const client = localClient(auth.fetch);
    const response = await requestLink(client, "down@example.com");
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=EmailSignInError");
    expect(created).toHaveLength(1);
    expect(await adapter.useVerificationToken!({ identifier: "down@example.com", token: created[0] })).toBeNull();
  });
});
