/**
 * The move from next-auth v4 in a real browser. One HTTP server on one origin serves, first, the real next-auth
 * 4 package's pages-router API handler at /api/auth (Node's request and response with the helpers Next's pages
 * router adds: query, cookies, parsed body, status, send, json; no Next.js build), and Chromium signs in on
 * v4's own sign-in page. The same server then serves sekisho with the same secret (and the same database), and
 * the same browser is still signed in: Chromium stores the sekisho cookie and drops the v4 one by the
 * attributes it was set with. The jwt strategy with a password, the database strategy with an email link.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import { getRequestListener } from "@hono/node-server";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import type { AuthConfig } from "../../src/index.js";
import { withFreshPostgres } from "../adapters/databases.js";
import { launchChromium } from "../helpers/browser.js";
import { alice, makeAuth } from "../helpers/auth-client.js";
import { services, withService } from "../helpers/services.js";
import { type AuthOptions, CredentialsProvider, EmailProvider, quietV4Logger } from "../integration/next-auth-v4/v4-app.js";

const require = createRequire(import.meta.url);
const NextAuth = require("next-auth").default as (options: AuthOptions) => (req: unknown, res: unknown) => Promise<void>;

const secret = "next-auth-v4-browser-secret-0123456789ab";
type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** What the server runs: next-auth 4's API handler, or sekisho's listener. */
let app: { v4: (req: unknown, res: unknown) => Promise<void> } | { sekisho: Listener };
let server: Server;
let origin: string;
let launched: Promise<Browser> | undefined;
const previousUrl = process.env.NEXTAUTH_URL;

async function readBody(req: IncomingMessage): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  let text = "";
  for await (const chunk of req) text += chunk;
  return Object.fromEntries(new URLSearchParams(text));
}

/** What Next's pages router adds to Node's request and response before it calls an API route. */
async function asPagesApiRoute(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", origin);
  const cookies = Object.fromEntries(
    (req.headers.cookie ?? "").split(/;\s*/).filter(Boolean).map((pair) => {
      const at = pair.indexOf("=");
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
    }),
  );
  const nextauth = url.pathname.slice("/api/auth/".length).split("/");
  const request = Object.assign(req, { query: { ...Object.fromEntries(url.searchParams), nextauth }, cookies, body: await readBody(req) });
  const response = Object.assign(res, {
    status: (code: number) => ((res.statusCode = code), response),
    json: (value: unknown) => res.setHeader("content-type", "application/json").end(JSON.stringify(value)),
    send: (value: unknown) =>
      typeof value === "string" ? res.setHeader("content-type", "text/html").end(value) : response.json(value ?? null),
  });
  if ("v4" in app) await app.v4(request, response);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if ("sekisho" in app) return app.sekisho(req, res);
    if (req.url?.startsWith("/api/auth/")) return void asPagesApiRoute(req, res);
    res.setHeader("content-type", "text/html").end("<!doctype html><title>home</title><p>home</p>");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  process.env.NEXTAUTH_URL = origin;
});

afterAll(async () => {
  if (previousUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = previousUrl;
  await launched?.then((browser) => browser.close(), () => undefined);
  await new Promise((closed) => server?.close(closed));
});

/** The app moved: sekisho at the same origin, the secret read from NEXTAUTH_SECRET as v4 had it. */
function moveToSekisho(config: Partial<AuthConfig> = {}) {
  const sekisho = makeAuth({ secret: undefined, basePath: "/api/auth", session: { acceptNextAuthV4: true }, ...config }, { env: { NEXTAUTH_SECRET: secret } });
  app = { sekisho: getRequestListener(sekisho.fetch) };
}

async function cookieNames(context: BrowserContext) {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

async function sessionIn(context: BrowserContext) {
  const page = await context.newPage();
  const body = await (await page.goto(`${origin}/api/auth/session`))!.json();
  await page.close();
  return body as { user?: { name?: string; email?: string } } | null;
}

/** The browser is still signed in after the move, holds sekisho's cookie and not v4's, and that cookie alone works. */
async function expectCarriedOver(browser: Browser, context: BrowserContext, email: string) {
  expect((await sessionIn(context))?.user?.email).toBe(email);
  const names = await cookieNames(context);
  expect(names).toContain("authjs.session-token");
  expect(names.filter((name) => name.startsWith("next-auth.session-token"))).toEqual([]);
  const fresh = await browser.newContext();
  await fresh.addCookies((await context.cookies()).filter((cookie) => cookie.name === "authjs.session-token"));
  expect((await sessionIn(fresh))?.user?.email).toBe(email);
  await fresh.close();
}

describe("a browser signed in with next-auth 4, after the app moved to sekisho", () => {
  it("jwt strategy: still signed in, holds a sekisho cookie and no v4 one, and the sekisho cookie alone is the session", async () => {
    app = {
      v4: NextAuth({
        secret,
        logger: quietV4Logger,
        providers: [
          CredentialsProvider({
            name: "Password",
            credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
            authorize: async (credentials: Record<string, string> | undefined) =>
              credentials?.username === "alice" && credentials.password === alice.password ? { id: alice.id, name: alice.name, email: alice.email } : null,
          }),
        ],
      }),
    };
    const browser = await (launched ??= launchChromium());
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(`${origin}/`);
    expect(await cookieNames(context)).toContain("next-auth.session-token");
    expect((await sessionIn(context))?.user).toEqual({ name: alice.name, email: alice.email });

    moveToSekisho();
    await expectCarriedOver(browser, context, alice.email);
    await context.close();
  });
});

await withService("postgres", () => {
  describe("a browser signed in with next-auth 4 and a database, after the app moved to sekisho", () => {
    it("database strategy: the same row, read by sekisho's PostgresAdapter after next-auth 4 and @auth/pg-adapter wrote it", () =>
      withFreshPostgres(services.postgres.url, async (pool) => {
        await migratePostgres(pool);
        const links: string[] = [];
        app = {
          v4: NextAuth({
            secret,
            logger: quietV4Logger,
            adapter: AuthjsPostgresAdapter(pool),
            providers: [EmailProvider({ server: {}, from: "app@example.com", sendVerificationRequest: async ({ url }: { url: string }) => void links.push(url) })],
          }),
        };
        const browser = await (launched ??= launchChromium());
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
        await page.getByLabel("Email").fill("dora@example.com");
        await page.getByRole("button", { name: "Sign in with Email" }).click();
        await page.waitForURL((url) => url.pathname === "/api/auth/verify-request");
        expect(links).toHaveLength(1);
        await page.goto(links[0]);
        await page.waitForURL(`${origin}/`);
        const token = (await context.cookies()).find((cookie) => cookie.name === "next-auth.session-token")?.value;
        expect((await pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [token])).rowCount).toBe(1);

        moveToSekisho({ adapter: PostgresAdapter(pool) });
        await expectCarriedOver(browser, context, "dora@example.com");
        expect((await context.cookies()).find((cookie) => cookie.name === "authjs.session-token")?.value).toBe(token);
        await context.close();
      }));
  });
});
