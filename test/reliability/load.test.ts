/**
 * Sustained load over real HTTP on loopback: the app in a child process (@hono/node-server), autocannon
 * here with keep-alive connections. Per endpoint: no error and no wrong answer, the heap after a full GC
 * back within 10% of where it was, and no file descriptor left open.
 * LOAD_SECONDS (default 10) and LOAD_CONNECTIONS (default 16) set the shape; LOAD_REPORT=1 prints figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, createClient } from "../helpers/auth-client.js";
import { startAppProcess, transportTo, type AppProcess } from "./app-process.js";
import type { LoadRequest } from "./load-generator.js";
import { measureUnderLoad } from "./measure.js";

const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 16);
const warmUpSeconds = 3;

let app: AppProcess;
const endpoints: Record<string, LoadRequest> = {};

beforeAll(async () => {
  app = await startAppProcess({ strategy: "jwt" });
  const client = createClient(transportTo(app));
  expect((await client.signIn()).status).toBe(302);
  const session = `authjs.session-token=${client.jar.get("authjs.session-token")}`;
  const csrfToken = await client.csrfToken();
  const csrfCookie = `authjs.csrf-token=${client.jar.get("authjs.csrf-token")}`;

  endpoints["sign-in page"] = {
    path: "/auth/signin",
    check: (status, _headers, body) => status === 200 && body.includes('name="csrfToken"'),
  };
  endpoints["session endpoint"] = {
    path: "/auth/session",
    headers: { cookie: session },
    check: (status, _headers, body) => status === 200 && JSON.parse(body).user?.email === alice.email,
  };
  endpoints["credentials callback"] = {
    method: "POST",
    path: "/auth/callback/credentials",
    headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, username: "alice", password: alice.password, callbackUrl: "/welcome" }).toString(),
    check: (status, headers) => status === 302 && headers.location === `${app.url}/welcome` && /authjs\.session-token=ey/.test(headers["set-cookie"] ?? ""),
  };
});

afterAll(async () => app?.stop());

describe(`sustained load over HTTP (${seconds} s per endpoint, ${connections} connections)`, () => {
  for (const name of ["sign-in page", "session endpoint", "credentials callback"]) {
    it(`${name}: no errors, flat heap, no descriptor growth`, async () => {
      const result = await measureUnderLoad(app, endpoints[name], { seconds, connections }, warmUpSeconds);
      if (process.env.LOAD_REPORT) console.log(JSON.stringify({ endpoint: name, ...result }));
      expect(result.firstWrong).toBeUndefined();
      expect(result.errors).toBe(0);
      expect(result.loggedErrors).toBe(0);
      expect(result.requests).toBeGreaterThan(100);
      expect(Math.abs(result.heapGrowth)).toBeLessThan(0.1);
      expect(result.fdsAfter).toBeLessThanOrEqual(result.fdsBefore);
    }, (seconds + warmUpSeconds + 40) * 1000);
  }
});
