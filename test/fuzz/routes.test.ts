/**
 * Thousands of malformed requests against every route, under the jwt and the database strategy.
 * Nothing may answer 5xx, take a second, show a stack trace or the secret, issue a session, or write to the store.
 * Replay a failure with FUZZ_SEED=<seed printed below>.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Adapter } from "../../src/adapters/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import { encode } from "../../src/jwt.js";
import { request, toRequest } from "./arbitraries.js";

const secret = "fuzz-secret-0123456789abcdefghijklmnopqrstuv";
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = { jwt: 7_000, database: 3_500 };
const hangGuardMs = 10_000;
const stackTrace = /\n\s+at .+[(:]\d+/;

const writes = ["createUser", "updateUser", "deleteUser", "linkAccount", "unlinkAccount", "createSession", "updateSession", "deleteSession", "createVerificationToken", "useVerificationToken", "createAuthenticator", "updateAuthenticatorCounter"] as const;

function watchedAdapter(log: string[]): Adapter {
  const adapter = MemoryAdapter() as Adapter & Record<string, unknown>;
  const watched: Record<string, unknown> = { ...adapter };
  for (const name of writes) {
    const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined;
    if (method) watched[name] = (...args: unknown[]) => (log.push(name), method.apply(adapter, args));
  }
  return watched as Adapter;
}

async function forgedTokens(): Promise<string[]> {
  const real = await encode({ token: { sub: "u1", email: "a@b.c" }, secret, salt: "authjs.session-token" });
  const foreign = await encode({ token: { sub: "u1" }, secret: "another-secret-0123456789abcdefghijklmno", salt: "authjs.session-token" });
  const otherSalt = await encode({ token: { sub: "u1" }, secret, salt: "authjs.state" });
  const parts = real.split(".");
  const header = (h: object) => Buffer.from(JSON.stringify(h)).toString("base64url");
  return [
    foreign,
    otherSalt,
    real.slice(0, real.length - 10),
    real.slice(0, 40),
    [parts[0], parts[1], parts[2], parts[3].slice(0, -4) + "AAAA", parts[4]].join("."),
    [header({ alg: "dir", enc: "A128GCM" }), ...parts.slice(1)].join("."),
    [header({ alg: "none", enc: "A256CBC-HS512" }), ...parts.slice(1)].join("."),
    [header({ alg: "RSA-OAEP", enc: "A256GCM" }), ...parts.slice(1)].join("."),
    `${header({ alg: "none" })}.${header({ sub: "admin" })}.`,
    "a.b.c.d.e",
    "....",
  ];
}

function buildAuth(strategy: "jwt" | "database", log: string[], sent: string[]) {
  return createAuth(
    {
      secret,
      trustHost: true,
      adapter: watchedAdapter(log),
      session: { strategy },
      providers: [
        Credentials({ credentials: { username: {}, password: {} }, authorize: async (c) => (c.password === "right" ? { id: "u1", email: "a@b.c" } : null) }),
        { id: "github", name: "GitHub", type: "oauth", clientId: "id", clientSecret: "s", authorization: "http://127.0.0.1:1/authorize", token: "http://127.0.0.1:1/token", userinfo: "http://127.0.0.1:1/user", timeout: 1 },
        { id: "email", name: "Email", type: "email", sendVerificationRequest: async ({ identifier }) => void sent.push(identifier) },
      ],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    },
    { env: {} },
  );
}

describe("fuzzing every route", () => {
  for (const strategy of ["jwt", "database"] as const) {
    it(`${runs[strategy]} malformed requests under the ${strategy} strategy: no 5xx, no slow answer, no leak, no session, no write`, async () => {
      console.log(`fuzz seed (${strategy}): ${seed}`);
      const log: string[] = [];
      const sent: string[] = [];
      const auth = buildAuth(strategy, log, sent);
      let count = 0;
      await fc.assert(
        fc.asyncProperty(request(await forgedTokens()), async (input) => {
          const started = performance.now();
          const response = await auth.fetch(toRequest(input));
          const text = await response.text();
          const elapsed = performance.now() - started;
          count++;
          expect(response.status, `${input.method} ${input.path}`).toBeLessThan(500);
          expect(elapsed, "no request may hang; the limit allows for a loaded CI machine").toBeLessThan(hangGuardMs);
          expect(text).not.toMatch(stackTrace);
          expect(text).not.toContain(secret);
          const issued = response.headers.getSetCookie().filter((c) => /session-token(\.\d+)?=[^;]/.test(c));
          expect(issued).toEqual([]);
          expect(log).toEqual([]);
          expect(sent).toEqual([]);
        }),
        { numRuns: runs[strategy], seed, endOnFailure: true },
      );
      expect(count).toBe(runs[strategy]);
    }, 300_000);
  }
});
