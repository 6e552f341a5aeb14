import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import Postmark from "../../../src/providers/postmark.js";
import Resend from "../../../src/providers/resend.js";
import SendGrid from "../../../src/providers/sendgrid.js";
import { customFetch, type EmailProviderConfig } from "../../../src/config/providers/types.js";
import { escaped, occurrences, parsedEmailProvider, token, verificationRequest } from "../../unit/email-senders/request.js";
import { keys, startFakeEmailApis, type FakeEmailApis } from "./fake-email-apis.js";

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

/** The fields every service carries, in that service's JSON shape. */
const services = [
  {
    id: "resend" as const,
    name: "Resend",
    create: Resend,
    env: "AUTH_RESEND_KEY",
    authHeader: ["authorization", `Bearer ${keys.resend}`],
    fields: (body: any) => ({ from: body.from, to: body.to, subject: body.subject, text: body.text, html: body.html }),
  },
  {
    id: "postmark" as const,
    name: "Postmark",
    create: Postmark,
    env: "AUTH_POSTMARK_KEY",
    authHeader: ["x-postmark-server-token", keys.postmark],
    fields: (body: any) => ({ from: body.From, to: body.To, subject: body.Subject, text: body.TextBody, html: body.HtmlBody }),
  },
  {
    id: "sendgrid" as const,
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
    parsedEmailProvider(service.create({ apiKey: key, [customFetch]: api.fetch, ...options }), env);

  describe(`${service.name} sender`, () => {
    it("sends the built-in message in the API's format, with its auth header", async () => {
      const sender = provider({ from: "login@acme.example" });
      const params = verificationRequest(sender, { identifier: "ada@example.com", theme: { brandColor: "#ff0066" } });
      await sender.sendVerificationRequest(params);

      expect(api.received).toHaveLength(1);
      const [email] = api.received;
      expect(email.service).toBe(service.id);
      expect(email.headers.get(service.authHeader[0])).toBe(service.authHeader[1]);
      expect(email.headers.get("content-type")).toBe("application/json");
      const fields = service.fields(email.body);
      expect(fields).toMatchObject({ from: "login@acme.example", to: "ada@example.com", subject: "Sign in to localhost:3000" });
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
      const sender = parsedEmailProvider(service.create({ [customFetch]: api.fetch }), { [service.env]: key });
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
      const sender = parsedEmailProvider(service.create({ apiKey: key }));
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
