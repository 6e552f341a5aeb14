/**
 * An app where users change their email address: two users (alice, bob) signed in with credentials by their stored
 * id, and a Nodemailer provider sending to the real SMTP server; helpers to ask for a change and follow the link.
 */
import { expect } from "vitest";
import type { Adapter, AdapterUser } from "../../src/adapters/index.js";
import type { AuthConfig } from "../../src/index.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { createClient, credentialsProvider, quietLogger, type Client, type Transport } from "./auth-client.js";
import { confirmationForm } from "./link-mailbox.js";
import { createAuth } from "./plain-providers.js";
import type { SmtpSink } from "./smtp.js";

export const password = "correct horse battery staple";
export const asJson = { accept: "application/json" };
export const asPage = { accept: "text/html" };

export interface EmailChangeApp {
  auth: ReturnType<typeof createAuth>;
  adapter: Adapter;
  users: { alice: AdapterUser; bob: AdapterUser };
  /** A client signed in as `who` (by password), over the transport. */
  signedIn(who: "alice" | "bob"): Promise<Client>;
  client(): Client;
}

/** Builds the app on `adapter`, with users at `alice@<domain>` and `bob@<domain>`, and routes `transport` to it. */
export async function emailChangeApp(
  adapter: Adapter,
  smtp: SmtpSink,
  transport: Transport,
  setFetch: (fetch: (request: Request) => Promise<Response>) => void,
  { domain, config = {}, withEmail = true }: { domain: string; config?: Partial<AuthConfig>; withEmail?: boolean },
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
      providers: withEmail ? [credentials, Nodemailer({ server, from: "Sekisho <auth@sekisho.test>" })] : [credentials],
      ...config,
    },
    { env: {} },
  );
  setFetch(auth.fetch);
  const client = () => createClient(transport);
  return {
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
