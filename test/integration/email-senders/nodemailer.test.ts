import { createServer, type AddressInfo, type Server } from "node:net";
import type { ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Nodemailer, { type SmtpServer } from "../../../src/providers/nodemailer.js";
import { startSmtp, type SmtpSink } from "../../helpers/smtp.js";
import { escaped, occurrences, parsedEmailProvider, token, verificationRequest } from "../../unit/email-senders/request.js";

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

function listen(server: Server | SMTPServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = (server instanceof SMTPServer ? server.server : server).address() as AddressInfo;
      resolve(address.port);
    });
  });
}

function close(server: Server | SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

function sender(server: SmtpServer, options: Parameters<typeof Nodemailer>[0] = {}) {
  return parsedEmailProvider(Nodemailer({ server, ...options }));
}

const local = (port: number, extra: object = {}) => ({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, ...extra });

function html(mail: ParsedMail): string {
  expect(typeof mail.html).toBe("string");
  return mail.html as string;
}

async function rejection(promise: unknown): Promise<{ error: Error; ms: number }> {
  const started = Date.now();
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return { error: error as Error, ms: Date.now() - started };
}

describe("Nodemailer sender over real SMTP", () => {
  it("delivers the built-in message: from, to, subject, both parts, the link once in each", async () => {
    const provider = sender(local(smtp.port), { from: "Acme Login <login@acme.example>" });
    const params = verificationRequest(provider, { identifier: "ada@example.com", theme: { brandColor: "#0a7d4f" } });
    await provider.sendVerificationRequest(params);

    const mail = await smtp.waitForMessage("ada@example.com", 5_000);
    expect(mail.from?.value).toEqual([{ address: "login@acme.example", name: "Acme Login" }]);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((entry) => entry!.value.map((address) => address.address))).toEqual(["ada@example.com"]);
    expect(mail.subject).toBe("Sign in to localhost:3000");

    const text = mail.text ?? "";
    expect(occurrences(text, params.url)).toBe(1);
    expect(occurrences(text, token)).toBe(1);
    expect(text).toContain("If you did not request this email, you can safely ignore it.");

    const body = html(mail);
    expect(occurrences(body, escaped(params.url))).toBe(1);
    expect(occurrences(body, token)).toBe(1);
    expect(body).toContain("background:#0a7d4f;");
    expect(body).not.toContain("enter this code");
  });

  it("shows the one-time code in both parts", async () => {
    const provider = sender(local(smtp.port), { from: "login@acme.example" });
    await provider.sendVerificationRequest(verificationRequest(provider, { identifier: "otp@example.com", otp: "390127" }));
    const mail = await smtp.waitForMessage("otp@example.com", 5_000);
    expect(mail.text).toContain("Or enter this code: 390127");
    expect(html(mail)).toMatch(/<p[^>]*>390127<\/p>/);
  });

  it("accepts a connection string, and defaults `from` to no-reply at the site's host", async () => {
    const provider = sender(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    await provider.sendVerificationRequest(verificationRequest(provider, { identifier: "url@example.com" }));
    const mail = await smtp.waitForMessage("url@example.com", 5_000);
    expect(mail.from?.value[0].address).toBe("no-reply@localhost");
  });

  it("waitForMessage hands out each message once, in order", async () => {
    const provider = sender(local(smtp.port), { from: "login@acme.example" });
    await provider.sendVerificationRequest(verificationRequest(provider, { identifier: "twice@example.com", otp: "111111" }));
    await provider.sendVerificationRequest(verificationRequest(provider, { identifier: "twice@example.com", otp: "222222" }));
    expect((await smtp.waitForMessage("TWICE@example.com", 5_000)).text).toContain("111111");
    expect((await smtp.waitForMessage("twice@example.com", 5_000)).text).toContain("222222");
    await expect(smtp.waitForMessage("twice@example.com", 200)).rejects.toThrow("No email to twice@example.com");
  });

  it("an SMTP server that is down fails quickly, with a clear error and no link", async () => {
    const server = createServer();
    const port = await listen(server);
    await close(server);
    const provider = sender(local(port, { connectionTimeout: 2_000 }));
    const { error, ms } = await rejection(provider.sendVerificationRequest(verificationRequest(provider)));
    expect(error.message).toMatch(/^Nodemailer could not send the sign-in email: .*ECONNREFUSED/);
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain("callback");
    expect(ms).toBeLessThan(3_000);
  });

  it("an SMTP server that never greets fails after the user's timeout, in either server form", async () => {
    const silent = createServer(() => {});
    const port = await listen(silent);
    try {
      for (const server of [
        local(port, { greetingTimeout: 300 }),
        `smtp://127.0.0.1:${port}?ignoreTLS=true&greetingTimeout=300`,
      ]) {
        const provider = sender(server);
        const { error, ms } = await rejection(provider.sendVerificationRequest(verificationRequest(provider)));
        expect(error.message).toMatch(/^Nodemailer could not send the sign-in email: .*(ETIMEDOUT|timeout)/i);
        expect(ms).toBeLessThan(5_000);
      }
    } finally {
      await close(silent);
    }
  });

  it("a recipient the SMTP server refuses is an error", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const error = Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 });
        callback(error);
      },
    });
    const port = await listen(refusing);
    try {
      const provider = sender(local(port));
      const { error } = await rejection(provider.sendVerificationRequest(verificationRequest(provider)));
      expect(error.message).toMatch(/^Nodemailer could not send the sign-in email: .*550/);
      expect(error.message).not.toContain(token);
    } finally {
      await close(refusing);
    }
  });
});
