/** An instance with the Password provider on an adapter, its mails kept in memory, and a client that speaks its routes. */
import type { Adapter } from "../../src/adapters/index.js";
import type { AuthConfig } from "../../src/index.js";
import Password from "../../src/providers/password.js";
import type { PasswordMail, PasswordOptions } from "../../src/providers/password.js";
import { createClient, localClient, quietLogger, secret, type Client } from "./auth-client.js";
import { createAuth } from "./plain-providers.js";

/** The cheapest scrypt the options accept, for tests that are not about the cost. */
export const testScrypt = { ln: 15, r: 8, p: 1 };

export interface PasswordApp {
  auth: ReturnType<typeof createAuth>;
  mails: PasswordMail[];
  /** A client whose answers arrive after the work they left running (the mails), as a Worker's `waitUntil` keeps it. */
  client(): Client;
  /** A client whose answers arrive as soon as they are sent, the mails still under way. */
  answerOnlyClient(): Client;
  /** The newest mail of `kind` to `to`. */
  lastMail(to: string, kind: PasswordMail["kind"]): PasswordMail | undefined;
}

export function passwordApp(adapter: Adapter, options: PasswordOptions = {}, config: Partial<AuthConfig> = {}): PasswordApp {
  const mails: PasswordMail[] = [];
  // the test's own sender (slow, failing) runs first; a mail it sent is kept
  const { sendMail, ...rest } = options;
  const provider = Password({
    scrypt: testScrypt,
    sendMail: async (mail) => {
      await sendMail?.(mail);
      mails.push(mail);
    },
    ...rest,
  });
  const { providers = [], ...others } = config;
  const auth = createAuth(
    { secret, trustHost: true, adapter, logger: quietLogger, providers: [provider, ...providers], ...others },
    { env: {} },
  );
  return {
    auth,
    mails,
    client: () => localClient(async (request) => {
      const running: Promise<unknown>[] = [];
      const response = await auth.fetch(request, undefined, { waitUntil: (task) => running.push(task), passThroughOnException() {}, props: {} });
      await Promise.all(running);
      return response;
    }),
    answerOnlyClient: () => localClient(auth.fetch),
    lastMail: (to, kind) => mails.filter((mail) => mail.to === to && mail.kind === kind).at(-1),
  };
}

/** A user who signed up and proved the address, with `password`. */
export async function provenUser(app: PasswordApp, email: string, password: string): Promise<void> {
  const client = app.client();
  await signUp(client, email, password);
  const proved = await client.send(pathOf(app.lastMail(email, "verify")!.url), { headers: { accept: "text/html" } });
  if (proved.status !== 302) throw new Error(`proof failed: ${proved.status}`);
}

/** The path under basePath of a mailed link. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname.replace(/^\/auth/, "") + url.search;
}

export async function signUp(client: Client, email: string, password: string, headers?: HeadersInit): Promise<Response> {
  return client.send("/signup/password", { form: { email, password, csrfToken: await client.csrfToken() }, headers });
}

export async function passwordSignIn(client: Client, email: string, password: string, headers?: HeadersInit): Promise<Response> {
  return client.send("/callback/password", { form: { email, password, csrfToken: await client.csrfToken() }, headers });
}

export async function forgot(client: Client, email: string): Promise<Response> {
  return client.send("/password/forgot", { form: { email, csrfToken: await client.csrfToken() } });
}

export async function reset(client: Client, token: string, password: string, headers?: HeadersInit): Promise<Response> {
  return client.send("/password/reset", { form: { token, password, csrfToken: await client.csrfToken() }, headers });
}

export const json = { accept: "application/json" };

export { createClient };

/** A Password provider whose mails wait until `release()`, as a slow mail server would: `mails` holds those sent. */
export function heldMailPassword() {
  const mails: PasswordMail[] = [];
  let release = () => {};
  const mailServer = new Promise<void>((resolve) => {
    release = resolve;
  });
  const provider = Password({
    scrypt: testScrypt,
    sendMail: async (mail) => {
      await mailServer;
      mails.push(mail);
    },
  });
  return { provider, mails, release: () => release() };
}
