/**
 * An app where users change their email address: two users (alice, bob) signed in with credentials by their stored
 * id, and a Nodemailer provider sending to the real SMTP server; helpers to ask for a change and follow the link.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Adapter, AdapterUser } from "../../src/adapters/index.js";
import type { AuthConfig } from "../../src/index.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { createClient, credentialsProvider, overHttp, quietLogger, type Client, type Transport } from "./auth-client.js";
import { confirmationForm } from "./link-mailbox.js";
import { createAuth } from "./plain-providers.js";
import { startSmtp, type SmtpSink } from "./smtp.js";

export const password = "correct horse battery staple";
export const asJson = { accept: "application/json" };
export const asPage = { accept: "text/html" };

export interface EmailChangeApp {
  /** Where the users' addresses are: unique to the app, so that each test reads only its own mail. */
  domain: string;
  auth: ReturnType<typeof createAuth>;
  adapter: Adapter;
  users: { alice: AdapterUser; bob: AdapterUser };
  /** A client signed in as `who` (by password), over the transport. */
  signedIn(who: "alice" | "bob"): Promise<Client>;
  client(): Client;
}

/** Builds the app on `adapter`, with users at `alice@<domain>` and `bob@<domain>`, and routes `transport` to it. */
async function emailChangeApp(
  adapter: Adapter,
  smtp: SmtpSink,
  transport: Transport,
  setFetch: (fetch: (request: Request) => Promise<Response>) => void,
  {
    domain,
    config = {},
    withEmail = true,
    emailOptions = {},
  }: { domain: string; config?: Partial<AuthConfig>; withEmail?: boolean; emailOptions?: Record<string, unknown> },
): Promise<EmailChangeApp> {
  const create = (name: string) => adapter.createUser!({ id: "", email: `${name}@${domain}`, name, emailVerified: new Date() });
  const users = { alice: await create("alice"), bob: await create("bob") };
  const credentials = credentialsProvider(async (fields) => {
    const user = users[fields.username as "alice" | "bob"];
    if (!user || fields.password !== password) return null;
    const stored = await adapter.getUser!(user.id);
    return { id: user.id, name: stored!.name, email: stored!.email };
  });
  const server = { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false };
  const auth = createAuth(
    {
      secret: "email-change-suite-secret-0123456789abcdefgh",
      trustHost: true,
      adapter,
      logger: quietLogger,
      providers: withEmail ? [credentials, Nodemailer({ server, from: "Sekisho <auth@sekisho.test>", ...emailOptions })] : [credentials],
      ...config,
    },
    { env: {} },
  );
  setFetch(auth.fetch);
  const client = () => createClient(transport);
  return {
    domain,
    auth,
    adapter,
    users,
    client,
    async signedIn(who) {
      const c = client();
      expect((await c.signIn({ username: who, password })).status).toBe(302);
      return c;
    },
  };
}

/** POST /account/email with the client's CSRF token. */
export async function requestChange(client: Client, email: string, headers: HeadersInit = asJson): Promise<Response> {
  return client.send("/account/email", { form: { csrfToken: await client.csrfToken(), email }, headers });
}

/** The confirmation link in a mail's text part. */
export function changeLinkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/account\/email\/confirm\?token=\S+/.exec(text ?? "")?.[0];
  if (!link) throw new Error("No email-change link in the message");
  return link;
}

/** Opens the link as a browser (the confirm page), then presses its button; answers the POST's response. */
export async function followChangeLink(client: Client, link: string, headers: HeadersInit = asPage): Promise<Response> {
  const opened = await client.send(link, { headers: asPage });
  const { action, fields } = await confirmationForm(opened);
  return client.send(action, { form: fields, headers });
}

/** The email the client's session shows. */
export async function sessionEmail(client: Client): Promise<string | null> {
  return ((await client.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;
}

/** POST /account/email/confirm with a typed `code` and the client's CSRF token. */
export async function confirmCode(client: Client, code: string, headers: HeadersInit = asJson): Promise<Response> {
  return client.send("/account/email/confirm", { form: { csrfToken: await client.csrfToken(), code }, headers });
}

type AppOptions = { config?: Partial<AuthConfig>; withEmail?: boolean; emailOptions?: Record<string, unknown> };

/**
 * The suite's real SMTP server and HTTP server, started before its tests and stopped after; `app` builds a fresh app
 * on `adapter`, served by that HTTP server, with its own mail domain (`<name><n>.example.com`).
 */
export function emailChangeSuite(name: string) {
  let smtp: SmtpSink;
  let transport: Transport;
  let current: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  let run = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    transport = await overHttp((request) => current(request));
  });
  afterAll(async () => {
    await transport?.close();
    await smtp?.close();
  });
  return {
    /** The next mail to `to`. */
    mail: (to: string) => smtp.waitForMessage(to),
    /** Every mail so far whose recipient is `to`. */
    mailsTo: (to: string) => smtp.messages.filter((mail) => (mail.to as { text?: string } | undefined)?.text === to),
    app: (adapter: Adapter, options: AppOptions = {}) =>
      emailChangeApp(adapter, smtp, transport, (fetch) => (current = fetch), { domain: `${name}${++run}.example.com`, ...options }),
  };
}
