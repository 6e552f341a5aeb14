/**
 * The move from next-auth v4 in a real browser. One HTTP server on one origin serves, first, the real next-auth
 * 4 package's pages-router API handler at /api/auth (Node's request and response with the helpers Next's pages
 * router adds: query, cookies, parsed body, status, send, json; no Next.js build), and Chromium signs in on
 * v4's own sign-in page. The same server then serves sekisho with the same secret, and the same browser is
 * still signed in: Chromium stores the sekisho cookie and drops the v4 one by the attributes it was set with.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/browser.js";
import { alice, makeAuth } from "../helpers/auth-client.js";
import { CredentialsProvider, quietV4Logger } from "../integration/next-auth-v4/v4-app.js";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const NextAuth = require("next-auth").default as (options: object) => (req: unknown, res: unknown) => Promise<void>;

const secret = "next-auth-v4-browser-secret-0123456789ab";
const v4Handler = NextAuth({
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
});
const sekisho = makeAuth({ secret: undefined, basePath: "/api/auth", session: { acceptNextAuthV4: true } }, { env: { NEXTAUTH_SECRET: secret } });
const sekishoListener = getRequestListener(sekisho.fetch);

let serving: "next-auth 4" | "sekisho" = "next-auth 4";
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
  await v4Handler(request, response);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (serving === "sekisho") return sekishoListener(req, res);
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

describe("a browser signed in with next-auth 4, after the app moved to sekisho", () => {
  it("is still signed in, holds a sekisho cookie and no v4 one, and the sekisho cookie alone is the session", async () => {
    const browser = await (launched ??= launchChromium());
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(`${origin}/`);
    const names = async () => (await context.cookies()).map((cookie) => cookie.name).sort();
    expect(await names()).toContain("next-auth.session-token");
    const v4Session = await (await page.goto(`${origin}/api/auth/session`))!.json();
    expect(v4Session.user.email).toBe(alice.email);

    serving = "sekisho";
    const carried = await (await page.goto(`${origin}/api/auth/session`))!.json();
    expect(carried.user).toEqual({ name: alice.name, email: alice.email });
    const after = await names();
    expect(after).toContain("authjs.session-token");
    expect(after.filter((name) => name.startsWith("next-auth.session-token"))).toEqual([]);

    const fresh = await browser.newContext();
    await fresh.addCookies((await context.cookies()).filter((cookie) => cookie.name === "authjs.session-token"));
    const alone = await fresh.newPage();
    const session = await (await alone.goto(`${origin}/api/auth/session`))!.json();
    expect(session.user.email).toBe(alice.email);
    await Promise.all([context.close(), fresh.close()]);
  });
});
