import { Hono, type Context } from "hono";
import { startServer, type RunningServer } from "../../helpers/server.js";

/** What each fake accepts as the account's key. */
export const keys = {
  resend: "re_test_4b9c2e",
  postmark: "pm-server-token-7f3a",
  sendgrid: "SG.test.key-1d8e",
  forwardemail: "fe-test-9a41c0",
  mailgun: "key-test-5e2d7b",
  loops: "loops-test-c81f",
};

/** The Mailgun sending domain the fake knows. */
export const mailgunDomain = "mg.acme.example";

export interface ReceivedEmail {
  service: keyof typeof keys;
  headers: Headers;
  body: any;
}

export interface FakeEmailApis {
  /** For `[customFetch]`: sends `https://<api host>/<path>` to the fake, keeping the host as the first path segment. */
  fetch: typeof fetch;
  /** Every request the fakes accepted. */
  received: ReceivedEmail[];
  /** The `init` of every call made through `fetch`. */
  calls: RequestInit[];
  /** Answer every request with this status and JSON body instead, until `reset()`. */
  failWith(status: number, body: unknown): void;
  reset(): void;
  close(): Promise<void>;
}

const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;

function isJson(c: Context): boolean {
  return (c.req.header("content-type") ?? "").split(";")[0].trim() === "application/json";
}

async function readJson(c: Context): Promise<any> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Local stand-ins for Resend, Postmark, SendGrid, Forward Email, Mailgun and Loops: each checks what the real API requires
 * (path, method, auth header, content type, JSON shape) and answers in the real API's format.
 */
export async function startFakeEmailApis(): Promise<FakeEmailApis> {
  const received: ReceivedEmail[] = [];
  const calls: RequestInit[] = [];
  let failure: { status: number; body: unknown } | undefined;
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (failure) return c.json(failure.body as object, failure.status as 500);
    await next();
  });

  app.post("/api.resend.com/emails", async (c) => {
    const auth = c.req.header("authorization");
    if (!auth) return c.json({ statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY" }, 401);
    if (auth !== `Bearer ${keys.resend}`) return c.json({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" }, 403);
    const body = isJson(c) ? await readJson(c) : undefined;
    const valid =
      body &&
      isString(body.from) &&
      (isString(body.to) || (Array.isArray(body.to) && body.to.every(isString))) &&
      isString(body.subject) &&
      (isString(body.html) || isString(body.text));
    if (!valid) return c.json({ statusCode: 422, name: "validation_error", message: "Invalid request body" }, 422);
    received.push({ service: "resend", headers: c.req.raw.headers, body });
    return c.json({ id: crypto.randomUUID() }, 200);
  });

  app.post("/api.postmarkapp.com/email", async (c) => {
    if (c.req.header("accept") !== "application/json") return c.json({ ErrorCode: 0, Message: "Accept header must be application/json" }, 406);
    if (c.req.header("x-postmark-server-token") !== keys.postmark) {
      return c.json({ ErrorCode: 10, Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid." }, 401);
    }
    const body = isJson(c) ? await readJson(c) : undefined;
    const valid =
      body &&
      isString(body.From) &&
      isString(body.To) &&
      isString(body.Subject) &&
      (isString(body.HtmlBody) || isString(body.TextBody)) &&
      (body.MessageStream === undefined || isString(body.MessageStream));
    if (!valid) return c.json({ ErrorCode: 300, Message: "Invalid email request" }, 422);
    received.push({ service: "postmark", headers: c.req.raw.headers, body });
    return c.json({ To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: "OK" }, 200);
  });

  app.post("/api.sendgrid.com/v3/mail/send", async (c) => {
    if (c.req.header("authorization") !== `Bearer ${keys.sendgrid}`) {
      return c.json({ errors: [{ message: "The provided authorization grant is invalid, expired, or revoked", field: null, help: null }] }, 401);
    }
    if (!isJson(c)) return c.json({ errors: [{ message: "Content-Type should be application/json.", field: null, help: null }] }, 415);
    const body = await readJson(c);
    const personalization = body?.personalizations?.[0];
    const content: { type?: unknown; value?: unknown }[] = Array.isArray(body?.content) ? body.content : [];
    const valid =
      personalization &&
      Array.isArray(personalization.to) &&
      personalization.to.every((to: any) => isString(to?.email)) &&
      isString(body.from?.email) &&
      !body.from.email.includes("<") &&
      isString(body.subject) &&
      content.length > 0 &&
      content.every((part) => isString(part.type) && isString(part.value)) &&
      // The real API requires text/plain before text/html.
      (content.findIndex((part) => part.type === "text/html") < 0 ||
        content.findIndex((part) => part.type === "text/plain") < content.findIndex((part) => part.type === "text/html"));
    if (!valid) return c.json({ errors: [{ message: "Bad Request", field: null, help: null }] }, 400);
    received.push({ service: "sendgrid", headers: c.req.raw.headers, body });
    return c.body(null, 202);
  });

  app.post("/api.forwardemail.net/v1/emails", async (c) => {
    if (c.req.header("authorization") !== `Basic ${btoa(`${keys.forwardemail}:`)}`) {
      return c.json({ statusCode: 401, error: "Unauthorized", message: "Invalid API token." }, 401);
    }
    const body = isJson(c) ? await readJson(c) : undefined;
    const valid = body && isString(body.from) && isString(body.to) && isString(body.subject) && (isString(body.html) || isString(body.text));
    if (!valid) return c.json({ statusCode: 400, error: "Bad Request", message: "Invalid message" }, 400);
    received.push({ service: "forwardemail", headers: c.req.raw.headers, body });
    return c.json({ id: crypto.randomUUID(), status: "queued" }, 200);
  });

  // Mailgun takes a form, never JSON, at /v3/<sending domain>/messages on the account's region's host.
  app.post("/:host{api(\\.eu)?\\.mailgun\\.net}/v3/:domain/messages", async (c) => {
    if (c.req.header("authorization") !== `Basic ${btoa(`api:${keys.mailgun}`)}`) return c.json({ message: "Invalid private key" }, 401);
    if (c.req.param("domain") !== mailgunDomain) return c.json({ message: `Domain not found: ${c.req.param("domain")}` }, 404);
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      return c.json({ message: "'from' parameter is missing" }, 400);
    }
    const body = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([key, value]) => [key, String(value)]));
    const valid = isString(body.from) && isString(body.to) && isString(body.subject) && (isString(body.html) || isString(body.text));
    if (!valid) return c.json({ message: "'to' parameter is missing" }, 400);
    received.push({ service: "mailgun", headers: c.req.raw.headers, body: { ...body, host: c.req.param("host") } });
    return c.json({ id: `<${crypto.randomUUID()}@${mailgunDomain}>`, message: "Queued. Thank you." }, 200);
  });

  app.post("/app.loops.so/api/v1/transactional", async (c) => {
    if (c.req.header("authorization") !== `Bearer ${keys.loops}`) return c.json({ success: false, message: "Invalid API key" }, 401);
    const body = isJson(c) ? await readJson(c) : undefined;
    const valid = body && isString(body.transactionalId) && isString(body.email) && typeof body.dataVariables === "object";
    if (!valid) return c.json({ success: false, message: "Invalid request body" }, 400);
    received.push({ service: "loops", headers: c.req.raw.headers, body });
    return c.json({ success: true }, 200);
  });

  app.all("*", (c) => c.json({ message: "Not Found" }, 404));

  const server: RunningServer = await startServer(app.fetch);
  // Kept so that a test may stub the global fetch with `route` itself.
  const realFetch = globalThis.fetch;
  const route = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const url = new URL(input instanceof Request ? input.url : input);
    return realFetch(`${server.url}/${url.host}${url.pathname}${url.search}`, init);
  }) as typeof fetch;

  return {
    fetch: route,
    received,
    calls,
    failWith(status, body) {
      failure = { status, body };
    },
    reset() {
      failure = undefined;
      received.length = 0;
      calls.length = 0;
    },
    close: () => server.close(),
  };
}
