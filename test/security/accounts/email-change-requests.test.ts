/**
 * Attacks on asking for an email change, through the real SMTP server: a forged request (no CSRF token), a stale
 * session, a request with no session, malformed addresses, enumeration of the addresses other users hold, mail
 * bombing a mailbox or flooding from one account, an app without an email provider; and no token in any log.
 */
import { afterEach, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { captureOutput } from "../../helpers/auth-client.js";
import {
  asJson,
  asPage,
  changeLinkIn,
  emailChangeSuite,
  followChangeLink,
  requestChange,
} from "../../helpers/email-change-app.js";

const suite = emailChangeSuite("requests");
afterEach(() => vi.useRealTimers());

async function app(config = {}) {
  return suite.app(MemoryAdapter(), { config });
}

it("a request without the CSRF token, or with another browser's, is refused and mails nothing", async () => {
  const { signedIn, client, domain } = await app();
  const alice = await signedIn("alice");
  const without = await alice.send("/account/email", { form: { email: `forged@${domain}` }, headers: asJson });
  expect(without.status).toBe(403);
  expect(await without.json()).toMatchObject({ error: "MissingCSRF" });
  const foreign = await client().csrfToken();
  const crossed = await alice.send("/account/email", { form: { email: `forged@${domain}`, csrfToken: foreign }, headers: asJson });
  expect(crossed.status).toBe(403);
  expect(suite.mailsTo(`forged@${domain}`)).toHaveLength(0);
});

it("a confirmation without the CSRF token changes nothing and leaves the link working", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `csrf@${domain}`);
  const link = changeLinkIn((await suite.mail(`csrf@${domain}`)).text);
  const token = new URL(link).searchParams.get("token")!;
  const forged = await alice.send("/account/email/confirm", { form: { token }, headers: asJson });
  expect(forged.status).toBe(403);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
  expect((await followChangeLink(alice, link, asJson)).status).toBe(200);
});

it("a stale session is sent to sign in again before anything is read: no mail, even for a malformed address", async () => {
  const { signedIn, domain } = await app();
  const alice = await signedIn("alice");
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 601_000 });
  for (const email of [`stale@${domain}`, `bob@${domain}`, "not an address"]) {
    const refused = await requestChange(alice, email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "RecentSignInRequired" });
  }
  const browser = await requestChange(alice, `stale@${domain}`, asPage);
  expect(browser.status).toBe(302);
  const signIn = new URL(browser.headers.get("location")!);
  expect(signIn.searchParams.get("error")).toBe("RecentSignInRequired");
  expect(signIn.searchParams.get("callbackUrl")).toBe(`${alice.base}/account`);
  expect(suite.mailsTo(`stale@${domain}`)).toHaveLength(0);
  expect(suite.mailsTo(`bob@${domain}`)).toHaveLength(0);
});

it("without a session: 401 for scripts, the sign-in page for browsers", async () => {
  const { client, domain } = await app();
  const visitor = client();
  const script = await requestChange(visitor, `anon@${domain}`);
  expect(script.status).toBe(401);
  expect(await script.json()).toMatchObject({ error: "SessionRequired" });
  expect((await requestChange(visitor, `anon@${domain}`, asPage)).status).toBe(302);
  expect(suite.mailsTo(`anon@${domain}`)).toHaveLength(0);
});

it("refuses malformed addresses with 400, and the account's own address", async () => {
  // each refused request counts against the account too; the rule's limit is raised to see them all
  const { signedIn, domain } = await app({ rateLimit: { limits: { emailChange: { perIdentifier: 20 } } } });
  const alice = await signedIn("alice");
  for (const email of ["", "no-at-sign", "two@@example.com", `a b@${domain}`, `full＠${domain}`, `"quoted"@${domain}`]) {
    const refused = await requestChange(alice, email);
    expect(refused.status, email).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "InvalidEmail" });
  }
  const missing = await alice.send("/account/email", { json: { csrfToken: await alice.csrfToken(), email: ["x@example.com"] }, headers: asJson });
  expect(missing.status).toBe(400);
  const page = await requestChange(alice, "no-at-sign", asPage);
  expect(page.status).toBe(400);
  const html = await page.text();
  expect(html).toContain("That does not look like an email address");
  expect(html).toContain(`href="${alice.base}/account"`);
  const own = await requestChange(alice, `ALICE@${domain}`);
  expect(own.status).toBe(400);
  expect(await own.json()).toMatchObject({ error: "EmailUnchanged" });
});

it("tells nothing of who holds an address: a free and a taken one get the same answer and the same page", async () => {
  const { signedIn, domain } = await app();
  const alice = await signedIn("alice");
  const free = await requestChange(alice, `free@${domain}`);
  const taken = await requestChange(alice, `bob@${domain}`);
  expect([free.status, taken.status]).toEqual([200, 200]);
  expect(await taken.json()).toEqual(await free.json());
  const freePage = await (await requestChange(alice, `free2@${domain}`, asPage)).text();
  const takenPage = await (await requestChange(alice, `bob@${domain}`, asPage)).text();
  const unnamed = (html: string, address: string) => html.replaceAll(address, "ADDRESS").replace(/nonce="[^"]+"/g, "");
  expect(unnamed(takenPage, `bob@${domain}`)).toBe(unnamed(freePage, `free2@${domain}`));
});

it("bounds the mails one account asks for, even with rate limits off", async () => {
  const { signedIn, domain } = await app({ rateLimit: false });
  const alice = await signedIn("alice");
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await requestChange(alice, `flood${i}@${domain}`)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(suite.mailsTo(`flood5@${domain}`)).toHaveLength(0);
});

it("bounds the mails one mailbox gets from several accounts, whatever the spelling", async () => {
  const { signedIn } = await app({ rateLimit: false });
  const alice = await signedIn("alice");
  const bob = await signedIn("bob");
  // one Gmail inbox under six spellings, three asked for by each account, each account under its own limit
  const spellings = ["victim", "v.ictim", "vi.ctim", "victim+a", "vic.tim", "Victim+b"];
  const statuses = [];
  for (const [index, spelling] of spellings.entries())
    statuses.push((await requestChange(index % 2 ? bob : alice, `${spelling}@googlemail.com`)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const limited = await requestChange(bob, "victim+c@gmail.com", asPage);
  expect(limited.status).toBe(302);
  expect(limited.headers.get("location")).toMatch(/error=RateLimited/);
});

it("without an email provider there is no such route: an unknown action, as the reference answers one", async () => {
  const { signedIn } = await suite.app(MemoryAdapter(), { withEmail: false });
  const alice = await signedIn("alice");
  const asked = await requestChange(alice, "x@example.com");
  expect(asked.status).toBe(400);
  expect(await asked.json()).toMatchObject({ error: "UnknownAction" });
  expect((await alice.send("/account/email/confirm?token=x", { headers: asJson })).status).toBe(400);
  const confirm = await alice.send("/account/email/confirm", { form: { token: "x", csrfToken: await alice.csrfToken() }, headers: asJson });
  expect(confirm.status).toBe(400);
});

it("a mail that cannot be sent answers 502 for scripts and the error page for browsers, and changes nothing", async () => {
  const { adapter, users, signedIn } = await suite.app(MemoryAdapter(), {
    emailOptions: { server: { host: "127.0.0.1", port: 9, ignoreTLS: true, secure: false } },
  });
  const alice = await signedIn("alice");
  const failed = await requestChange(alice, "unsent@example.com");
  expect(failed.status).toBe(502);
  expect(await failed.json()).toEqual({ error: "EmailChangeNotSent" });
  const page = await requestChange(alice, "unsent@example.com", asPage);
  expect(page.status).toBe(500);
  expect(page.headers.get("content-type")).toMatch(/text\/html/);
  expect((await adapter.getUser!(users.alice.id))?.email).toMatch(/^alice@/);
});

it("never logs the token, the link or the addresses' mail, and the event holds no token", async () => {
  const events: unknown[] = [];
  const lines: string[] = [];
  const logger = {
    error: (...args: unknown[]) => void lines.push(JSON.stringify(args, Object.getOwnPropertyNames)),
    warn: (...args: unknown[]) => void lines.push(JSON.stringify(args)),
    debug: (...args: unknown[]) => void lines.push(JSON.stringify(args)),
  };
  const { signedIn, domain } = await app({ logger, debug: true, events: { emailChanged: (message: unknown) => void events.push(message) } });
  let link = "";
  const output = await captureOutput(async () => {
    const alice = await signedIn("alice");
    await requestChange(alice, `quiet@${domain}`);
    link = changeLinkIn((await suite.mail(`quiet@${domain}`)).text);
    await followChangeLink(alice, link, asJson);
  });
  const token = new URL(link).searchParams.get("token")!;
  expect([...lines, ...output].join("\n")).not.toContain(token.slice(-40));
  expect(JSON.stringify(events)).not.toContain(token.slice(-40));
  expect(events).toHaveLength(1);
});

it("answers malformed input on every email-change route with a 4xx, never a 5xx or a stack trace", async () => {
  const { signedIn } = await app({ rateLimit: false });
  const alice = await signedIn("alice");
  const csrfToken = await alice.csrfToken();
  const jsonBodies: unknown[] = [
    { csrfToken, email: 123 },
    { csrfToken, email: null },
    { csrfToken, email: { address: "x@example.com" } },
    { csrfToken, token: ["x"] },
    { csrfToken, token: "a.b.c.d.e" },
    { csrfToken, token: "%E0%A4%A" },
    { csrfToken, code: 123456 },
    { csrfToken, code: { digits: "123456" } },
    { csrfToken, code: "1".repeat(5000) },
    [1, 2, 3],
    "just a string",
  ];
  const sends: Array<() => Promise<Response>> = [];
  for (const path of ["/account/email", "/account/email/confirm"]) {
    for (const body of jsonBodies) sends.push(() => alice.send(path, { json: body, headers: asJson }));
    sends.push(() => alice.send(path, { body: "%%%&&&==", headers: { ...asJson, "content-type": "application/x-www-form-urlencoded" } }));
    sends.push(() => alice.send(path, { body: "x", headers: { ...asJson, "content-type": "garbage/garbage" } }));
    sends.push(() => alice.send(path, { form: { csrfToken, email: "x".repeat(70_000) }, headers: asJson }));
  }
  for (const query of ["", "?token=", "?token=%E0%A4%A", "?token=a&token=b", `?token=${"y".repeat(5000)}`])
    sends.push(() => alice.send(`/account/email/confirm${query}`, { headers: asPage }));
  for (const send of sends) {
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+/);
  }
});
