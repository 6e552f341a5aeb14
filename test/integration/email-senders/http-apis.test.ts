import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import ForwardEmail from "../../../src/providers/forwardemail.js";
import Loops from "../../../src/providers/loops.js";
import Mailgun from "../../../src/providers/mailgun.js";
import Postmark from "../../../src/providers/postmark.js";
import Resend from "../../../src/providers/resend.js";
import SendGrid from "../../../src/providers/sendgrid.js";
import { customFetch, type EmailProviderConfig } from "../../../src/config/providers/provider-types.js";
import { escaped, occurrences, parsedEmailProvider, token, verificationRequest } from "../../unit/email-senders/request.js";
import { keys, mailgunDomain, startFakeEmailApis, type FakeEmailApis } from "./fake-email-apis.js";

let api: FakeEmailApis;
beforeAll(async () => {
  api = await startFakeEmailApis();
});
afterAll(() => api.close());
beforeEach(() => api.reset());
afterEach(() => vi.unstubAllGlobals());

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const json = "application/json";

/** The fields every service carries, in that service's shape; `from` is an address the service accepts. */
const services = [
  {
    id: "resend" as const,
    from: "login@acme.example",
    contentType: json,
    name: "Resend",
    create: Resend,
    env: "AUTH_RESEND_KEY",
    authHeader: ["authorization", `Bearer ${keys.resend}`],
    fields: (body: any) => ({ from: body.from, to: body.to, subject: body.subject, text: body.text, html: body.html }),
  },
  {
    id: "postmark" as const,
    from: "login@acme.example",
    contentType: json,
    name: "Postmark",
    create: Postmark,
    env: "AUTH_POSTMARK_KEY",
    authHeader: ["x-postmark-server-token", keys.postmark],
    fields: (body: any) => ({ from: body.From, to: body.To, subject: body.Subject, text: body.TextBody, html: body.HtmlBody }),
  },
  {
    id: "sendgrid" as const,
    from: "login@acme.example",
    contentType: json,
    name: "SendGrid",
    create: SendGrid,
    env: "AUTH_SENDGRID_KEY",
    authHeader: ["authorization", `Bearer ${keys.sendgrid}`],
    fields: (body: any) => ({
      from: body.from.email,
      to: body.personalizations[0].to[0].email,
      subject: body.subject,
      text: body.content[0].value,
      html: body.content[1].value,
    }),
  },
  {
    id: "forwardemail" as const,
    from: "login@acme.example",
    contentType: json,
    name: "Forward Email",
    create: ForwardEmail,
    env: "AUTH_FORWARDEMAIL_KEY",
    authHeader: ["authorization", `Basic ${btoa(`${keys.forwardemail}:`)}`],
    fields: (body: any) => ({ from: body.from, to: body.to, subject: body.subject, text: body.text, html: body.html }),
  },
  {
    id: "mailgun" as const,
    from: `login@${mailgunDomain}`,
    contentType: "application/x-www-form-urlencoded",
    name: "Mailgun",
    create: Mailgun,
    env: "AUTH_MAILGUN_KEY",
    authHeader: ["authorization", `Basic ${btoa(`api:${keys.mailgun}`)}`],
    fields: (body: any) => ({ from: body.from, to: body.to, subject: body.subject, text: body.text, html: body.html }),
  },
];

async function failure(provider: EmailProviderConfig, otp?: string): Promise<Error> {
  const params = verificationRequest(provider, { otp });
  const error = await Promise.resolve(provider.sendVerificationRequest(params)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

function expectNoSecrets(error: Error, apiKey: string) {
  for (const secret of [token, apiKey, "http://localhost:3000/api/auth/callback"]) {
    expect(error.message).not.toContain(secret);
  }
}

for (const service of services) {
  const key = keys[service.id];
  const provider = (options: Parameters<typeof Resend>[0] = {}, env: Record<string, string> = {}) =>
    parsedEmailProvider(service.create({ apiKey: key, from: service.from, [customFetch]: api.fetch, ...options }), env);

  describe(`${service.name} sender`, () => {
    it("sends the built-in message in the API's format, with its auth header", async () => {
      const sender = provider();
      const params = verificationRequest(sender, { identifier: "ada@example.com", theme: { brandColor: "#ff0066" } });
      await sender.sendVerificationRequest(params);

      expect(api.received).toHaveLength(1);
      const [email] = api.received;
      expect(email.service).toBe(service.id);
      expect(email.headers.get(service.authHeader[0])).toBe(service.authHeader[1]);
      expect(email.headers.get("content-type")).toBe(service.contentType);
      const fields = service.fields(email.body);
      expect(fields).toMatchObject({ from: service.from, to: "ada@example.com", subject: "Sign in to localhost:3000" });
      expect(occurrences(fields.text, params.url)).toBe(1);
      expect(occurrences(fields.html, escaped(params.url))).toBe(1);
      expect(occurrences(fields.html, token)).toBe(1);
      expect(fields.html).toContain("background:#ff0066;");
    });

    it("shows the one-time code when the request carries one", async () => {
      const sender = provider();
      await sender.sendVerificationRequest(verificationRequest(sender, { otp: "604418" }));
      const fields = service.fields(api.received[0].body);
      expect(fields.text).toContain("Or enter this code: 604418");
      expect(fields.html).toContain(">604418</p>");
    });

    it(`takes the key from ${service.env}`, async () => {
      const sender = parsedEmailProvider(service.create({ from: service.from, [customFetch]: api.fetch }), { [service.env]: key });
      await sender.sendVerificationRequest(verificationRequest(sender));
      expect(api.received).toHaveLength(1);
    });

    it("gives up after a timeout: every request carries an abort signal", async () => {
      const sender = provider();
      await sender.sendVerificationRequest(verificationRequest(sender));
      expect(api.calls).toHaveLength(1);
      expect(api.calls[0].signal).toBeInstanceOf(AbortSignal);
      expect(api.calls[0].signal!.aborted).toBe(false);
    });

    it("uses the global fetch when no customFetch is set", async () => {
      vi.stubGlobal("fetch", api.fetch);
      const sender = parsedEmailProvider(service.create({ apiKey: key, from: service.from }));
      await sender.sendVerificationRequest(verificationRequest(sender));
      expect(api.received).toHaveLength(1);
    });

    it("a refused key is an error naming the service and status, without the key or the link", async () => {
      const wrongKey = `${key}-wrong`;
      const error = await failure(provider({ apiKey: wrongKey }));
      expect(error.message).toMatch(new RegExp(`^${service.name} could not send the sign-in email: status 40[13] \\(.+\\)$`));
      expectNoSecrets(error, wrongKey);
      expect(api.received).toHaveLength(0);
    });

    it("a 401 answer is an error naming the service and the status", async () => {
      api.failWith(401, { message: "Unauthorized" });
      const error = await failure(provider());
      expect(error.message).toBe(`${service.name} could not send the sign-in email: status 401 (Unauthorized)`);
    });

    it("a 500 answer is an error naming the service and the status", async () => {
      api.failWith(500, { Message: "Internal server error" });
      const error = await failure(provider());
      expect(error.message).toBe(`${service.name} could not send the sign-in email: status 500 (Internal server error)`);
      api.failWith(500, "oops");
      expect((await failure(provider())).message).toBe(`${service.name} could not send the sign-in email: status 500`);
    });

    it("an answer that echoes the link, token, code or key has them cut out", async () => {
      api.failWith(422, { errors: [{ message: `invalid html: ${token} ${key} code 551234` }] });
      const error = await failure(provider(), "551234");
      expect(error.message).toContain(`${service.name} could not send the sign-in email: status 422`);
      expectNoSecrets(error, key);
      expect(error.message).not.toContain("551234");
    });

    it("an unreachable API is a clear error", async () => {
      const port = await closedPort();
      const unreachable = ((input: RequestInfo | URL, init?: RequestInit) =>
        fetch(`http://127.0.0.1:${port}/`, init)) as typeof fetch;
      const error = await failure(provider({ [customFetch]: unreachable }));
      expect(error.message).toBe(`${service.name} could not send the sign-in email: the request failed (ECONNREFUSED)`);
    });
  });
}

describe("SendGrid sender", () => {
  it("splits a display name out of `from`", async () => {
    const sender = parsedEmailProvider(
      SendGrid({ apiKey: keys.sendgrid, from: '"Acme Login" <login@acme.example>', [customFetch]: api.fetch }),
    );
    await sender.sendVerificationRequest(verificationRequest(sender));
    expect(api.received[0].body.from).toEqual({ email: "login@acme.example", name: "Acme Login" });
    expect(api.received[0].body.content.map((part: { type: string }) => part.type)).toEqual(["text/plain", "text/html"]);
  });
});

describe("Postmark sender", () => {
  it("sends on the transactional stream and asks for JSON", async () => {
    const sender = parsedEmailProvider(Postmark({ apiKey: keys.postmark, [customFetch]: api.fetch }));
    await sender.sendVerificationRequest(verificationRequest(sender));
    expect(api.received[0].body.MessageStream).toBe("outbound");
    expect(api.received[0].headers.get("accept")).toBe("application/json");
  });
});

describe("Mailgun sender", () => {
  const mailgun = (options: Parameters<typeof Mailgun>[0]) =>
    parsedEmailProvider(Mailgun({ apiKey: keys.mailgun, [customFetch]: api.fetch, ...options }));

  it("posts to the sending domain of `from`, display name and all, on the US host by default", async () => {
    const sender = mailgun({ from: `Acme Login <login@${mailgunDomain}>` });
    await sender.sendVerificationRequest(verificationRequest(sender));
    expect(api.received[0].body).toMatchObject({ host: "api.mailgun.net", from: `Acme Login <login@${mailgunDomain}>` });
  });

  it('posts to the EU host with `region: "EU"`', async () => {
    const sender = mailgun({ from: `login@${mailgunDomain}`, region: "EU" });
    await sender.sendVerificationRequest(verificationRequest(sender));
    expect(api.received[0].body.host).toBe("api.eu.mailgun.net");
  });

  it("a `from` without a domain fails naming the option, and nothing is sent", async () => {
    const sender = mailgun({ from: "login" });
    await expect(sender.sendVerificationRequest(verificationRequest(sender))).rejects.toThrow(
      "Mailgun: the `from` option (login) must be an address on your Mailgun sending domain.",
    );
    expect(api.calls).toHaveLength(0);
  });
});

describe("Loops sender", () => {
  const loops = (options: Parameters<typeof Loops>[0] = {}, env: Record<string, string> = {}) =>
    parsedEmailProvider(Loops({ apiKey: keys.loops, transactionalId: "clx-signin", [customFetch]: api.fetch, ...options }), env);

  it("asks Loops to send the transactional email with the link as its `url` variable", async () => {
    const sender = loops();
    const params = verificationRequest(sender, { identifier: "ada@example.com" });
    await sender.sendVerificationRequest(params);
    expect(api.received).toHaveLength(1);
    expect(api.received[0].headers.get("authorization")).toBe(`Bearer ${keys.loops}`);
    expect(api.received[0].body).toEqual({ transactionalId: "clx-signin", email: "ada@example.com", dataVariables: { url: params.url } });
  });

  it("takes the key from AUTH_LOOPS_KEY", async () => {
    const sender = loops({ apiKey: undefined }, { AUTH_LOOPS_KEY: keys.loops });
    await sender.sendVerificationRequest(verificationRequest(sender));
    expect(api.received).toHaveLength(1);
  });

  it("without `transactionalId`, sending fails naming the option, and nothing is sent", async () => {
    const sender = loops({ transactionalId: undefined });
    await expect(sender.sendVerificationRequest(verificationRequest(sender))).rejects.toThrow(/Loops: no transactional email\. Set the provider's `transactionalId` option/);
    expect(api.calls).toHaveLength(0);
  });

  it("a refused key is an error naming Loops and the status, without the key or the link", async () => {
    const sender = loops({ apiKey: "wrong-key" });
    const error = await failure(sender);
    expect(error.message).toBe("Loops could not send the sign-in email: status 401 (Invalid API key)");
    expectNoSecrets(error, "wrong-key");
  });
});
