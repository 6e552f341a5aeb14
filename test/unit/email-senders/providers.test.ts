import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sendError } from "../../../src/providers/email-send.js";
import Email from "../../../src/providers/email.js";
import ForwardEmail from "../../../src/providers/forwardemail.js";
import Loops from "../../../src/providers/loops.js";
import Mailgun from "../../../src/providers/mailgun.js";
import Nodemailer from "../../../src/providers/nodemailer.js";
import Postmark from "../../../src/providers/postmark.js";
import Resend from "../../../src/providers/resend.js";
import SendGrid from "../../../src/providers/sendgrid.js";
import { customFetch } from "../../../src/config/providers/provider-types.js";
import { parsedEmailProvider, signInLink, token, verificationRequest } from "./request.js";

const apiProviders = [
  { create: Resend, id: "resend", name: "Resend", env: "AUTH_RESEND_KEY" },
  { create: Postmark, id: "postmark", name: "Postmark", env: "AUTH_POSTMARK_KEY" },
  { create: SendGrid, id: "sendgrid", name: "SendGrid", env: "AUTH_SENDGRID_KEY" },
  { create: ForwardEmail, id: "forwardemail", name: "Forward Email", env: "AUTH_FORWARDEMAIL_KEY" },
  { create: Mailgun, id: "mailgun", name: "Mailgun", env: "AUTH_MAILGUN_KEY" },
  { create: Loops, id: "loops", name: "Loops", env: "AUTH_LOOPS_KEY" },
];

describe("email provider configs", () => {
  for (const { create, id, name } of [
    ...apiProviders,
    { create: Nodemailer, id: "nodemailer", name: "Nodemailer" },
    { create: Email, id: "email", name: "Email" },
  ]) {
    it(`${id}: an email provider with a one-day link and the user's options kept aside`, () => {
      const provider = create({ from: "Acme <login@acme.example>" });
      expect(provider).toMatchObject({ id, name, type: "email", maxAge: 86400 });
      expect(typeof provider.sendVerificationRequest).toBe("function");
      expect(provider.options).toEqual({ from: "Acme <login@acme.example>" });
    });

    it(`${id}: the core applies the options over the defaults`, () => {
      const sender = async () => {};
      const provider = parsedEmailProvider(
        create({ id: "mail", name: "Mail", from: "login@acme.example", maxAge: 600, sendVerificationRequest: sender }),
      );
      expect(provider).toMatchObject({ id: "mail", name: "Mail", type: "email", from: "login@acme.example", maxAge: 600 });
      expect(provider.sendVerificationRequest).toBe(sender);
      expect(provider.options).toBeUndefined();
    });

    it(`${id}: works as \`providers: [${name}]\`, called with no options`, () => {
      expect(parsedEmailProvider(create)).toMatchObject({ id, type: "email", maxAge: 86400 });
    });
  }

  for (const { create, id, name, env } of apiProviders) {
    it(`${id}: the API key comes from \`apiKey\`, else ${env}`, () => {
      expect(parsedEmailProvider(create(), { [env]: "from-env" }).apiKey).toBe("from-env");
      expect(parsedEmailProvider(create({ apiKey: "explicit" }), { [env]: "from-env" }).apiKey).toBe("explicit");
    });

    it(`${id}: without an API key, sending fails naming the option and ${env}, and nothing is sent`, async () => {
      let calls = 0;
      const counting = (async () => {
        calls += 1;
        return new Response(null, { status: 202 });
      }) as typeof fetch;
      const provider = parsedEmailProvider(create({ [customFetch]: counting }));
      const error = await Promise.resolve(provider.sendVerificationRequest(verificationRequest(provider))).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).toContain("`apiKey`");
      expect((error as Error).message).toContain(env);
      expect(calls).toBe(0);
    });

    it(`${id}: the error names the variable that matches a renamed provider`, async () => {
      const provider = parsedEmailProvider(create({ id: "transactional-mail" }));
      await expect(provider.sendVerificationRequest(verificationRequest(provider))).rejects.toThrow(
        "AUTH_TRANSACTIONAL_MAIL_KEY",
      );
    });
  }

  it("nodemailer: without a server, sending fails naming the `server` option", async () => {
    const provider = parsedEmailProvider(Nodemailer());
    await expect(provider.sendVerificationRequest(verificationRequest(provider))).rejects.toThrow(
      /Nodemailer: no SMTP server\. Set the provider's `server` option/,
    );
  });

  it("email: next-auth 4's provider is Nodemailer's, under its own id and name", async () => {
    const provider = parsedEmailProvider(Email({ server: "smtp://mail.example:587" }));
    const nodemailer = parsedEmailProvider(Nodemailer({ server: "smtp://mail.example:587" }));
    expect(provider).toMatchObject({ id: "email", name: "Email", server: "smtp://mail.example:587" });
    expect(provider.sendVerificationRequest).toBe(nodemailer.sendVerificationRequest);
  });

  it("nodemailer: the module only imports nodemailer when it sends", () => {
    const source = readFileSync(new URL("../../../src/providers/nodemailer.ts", import.meta.url), "utf8");
    const staticImports = source.split("\n").filter((line) => /^import\s(?!type\s)/.test(line));
    expect(staticImports.some((line) => line.includes('"nodemailer'))).toBe(false);
    expect(source).toContain('await import("nodemailer")');
  });
});

describe("sendError", () => {
  const provider = parsedEmailProvider(Resend({ apiKey: "re_secret_key_123" }));
  const params = verificationRequest(provider, { otp: "918273" });

  it("names the service and the reason", () => {
    expect(sendError("Resend", "status 500", params).message).toBe("Resend could not send the sign-in email: status 500");
  });

  it("cuts the link, token, code and API key out of an echoed reason", () => {
    const echoed = `bad request: ${params.url} token=${token} code 918273 key re_secret_key_123`;
    const message = sendError("Resend", echoed, params).message;
    for (const secret of [params.url, token, "918273", "re_secret_key_123"]) expect(message).not.toContain(secret);
    expect(message).toContain("[redacted]");
  });

  it("flattens control characters and caps the length", () => {
    const message = sendError("Resend", `line one\r\nline two ${"x".repeat(500)}`, params).message;
    expect(message).not.toMatch(/[\r\n]/);
    expect(message).toContain("line one line two");
    expect(message.length).toBeLessThan(300);
  });

  it("keeps what is not secret, such as the site origin", () => {
    const other = verificationRequest(provider, { url: signInLink("resend", "z@example.com", "https://acme.example") });
    const message = sendError("Resend", "status 422 (invalid from https://acme.example)", other).message;
    expect(message).toContain("https://acme.example");
  });
});
