/**
 * Finding: sekisho/next passes no client address. Next.js shows route handlers and actions no connection, and
 * `next start` keeps a client's own X-Forwarded-For, so only a deployment that declares its proxy gives per-address
 * limits an address. A self-hosted app with AUTH_URL and no AUTH_TRUST_HOST had none, and nothing said so.
 */
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import NextAuth, { type NextAuthConfig, type WarningCode } from "../../../shims/next/index.js";
import { createClient, credentialsProvider, origin, secret } from "../../helpers/auth-client.js";
import { limitedApp, signInAs } from "./fixtures.js";

const nextMemo = Symbol.for("sekisho.next.memo");
const refused = (response: Response) => /error=RateLimited/.test(response.headers.get("location") ?? "");
let warnings: WarningCode[] = [];

// Each test is a fresh Next.js process: the shim keeps one memo (and its warnings said) per process.
beforeEach(() => {
  delete (globalThis as { [nextMemo]?: unknown })[nextMemo];
  warnings = [];
});
afterEach(() => vi.unstubAllEnvs());

function nextApp(config: Partial<NextAuthConfig> = {}) {
  vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth");
  const logger = { error: () => {}, debug: () => {}, warn: (code: WarningCode) => void (code === "rate-limit-no-address" && warnings.push(code)) };
  const rateLimit = { enabled: true, limits: { credentials: { perIdentifier: 3, perIp: 5 } } };
  const result = NextAuth({ secret, providers: [credentialsProvider()], logger, rateLimit, ...config });
  const send = async (request: Request) => result.handlers[request.method as "GET" | "POST"](new NextRequest(request));
  return createClient({ origin, send }, "/api/auth");
}

/** Six sign-ins, each for another username, all from one address: the sixth is over `perIp: 5`. */
async function spray(client: ReturnType<typeof nextApp>, headers: Record<string, string>) {
  const results = [];
  for (let i = 0; i < 6; i++) results.push(refused(await signInAs(client, `user-${i}`, "x", headers)));
  return results;
}

describe("sekisho/next, per-address limits", () => {
  it("without a trusted proxy, start-up warns rate-limit-no-address, naming AUTH_TRUST_HOST and rateLimit.clientIp", async () => {
    const output = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth");
      NextAuth({ secret, providers: [credentialsProvider()], rateLimit: { enabled: true } });
      const lines = output.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes("[rate-limit-no-address]"))).toEqual([
        expect.stringMatching(/AUTH_TRUST_HOST=true.*rateLimit\.clientIp/),
      ]);
    } finally {
      output.mockRestore();
    }
  });

  it("without a trusted proxy, a client's own X-Forwarded-For is no address, and the warning is said once", async () => {
    const client = nextApp();
    expect(warnings).toEqual(["rate-limit-no-address"]);
    expect(await spray(client, { "x-forwarded-for": "198.51.100.7" })).toEqual([false, false, false, false, false, false]);
    expect(warnings).toEqual(["rate-limit-no-address"]);
  });

  it("with trustHost, the route handlers count the last X-Forwarded-For entry, and nothing warns", async () => {
    const client = nextApp({ trustHost: true });
    expect(await spray(client, { "x-forwarded-for": "10.0.0.1, 198.51.100.7" })).toEqual([false, false, false, false, false, true]);
    expect(warnings).toEqual([]);
  });

  it("with rateLimit.clientIp, its address counts, and nothing warns", async () => {
    const clientIp = (request: Request) => request.headers.get("fly-client-ip");
    const client = nextApp({ rateLimit: { enabled: true, clientIp, limits: { credentials: { perIdentifier: 3, perIp: 5 } } } });
    expect(await spray(client, { "fly-client-ip": "198.51.100.7" })).toEqual([false, false, false, false, false, true]);
    expect(warnings).toEqual([]);
  });

  it("with rate limits off, nothing warns", () => {
    nextApp({ rateLimit: false });
    expect(warnings).toEqual([]);
  });
});

describe("any server that hands over no connection", () => {
  it("warns rate-limit-no-address at the first counted request, once", async () => {
    const app = limitedApp();
    const said = () => app.warnings.filter((code) => code === "rate-limit-no-address");
    expect(said()).toEqual([]);
    const client = app.client();
    await signInAs(client, "user-1");
    await signInAs(client, "user-2");
    expect(said()).toEqual(["rate-limit-no-address"]);
  });
});
