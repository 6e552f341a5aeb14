/**
 * Each scenario gives both libraries the same request and checks the answer before anything is timed:
 * the status, and the user's email where a session is expected. A broken setup fails, it never posts a number.
 */
import { encode, MemoryAdapter } from "./built-package.js";
import type { Adapter } from "../src/adapters/adapter-contract.js";
import { expectResponse, expectSessionOf } from "./expect.js";
import { oauthCallbackScenario } from "./oauth-callback.js";
import type { Scenario } from "./scenario.js";
import { postgresStore, sqliteAdapter } from "./stores.js";
import { basePath, origin, reference, secret, sekisho, sessionCookieName, user, type Subject } from "./subjects.js";

async function jwtCookie(ageSeconds = 0, claims: Record<string, string> = {}): Promise<string> {
  const now = Date.now;
  Date.now = () => now() - ageSeconds * 1000;
  try {
    const token = await encode({ token: { name: user.name, email: user.email, picture: null, sub: user.id, ...claims }, secret, salt: sessionCookieName });
    return `${sessionCookieName}=${token}`;
  } finally {
    Date.now = now;
  }
}

function routeScenario(name: string, subjects: Subject[], path: string, cookie: string | undefined, check: (response: Response) => Promise<void>): Scenario {
  const headers = cookie ? { cookie } : undefined;
  return {
    name,
    subjects,
    run: async (subject) => {
      const response = await subject.handle(new Request(`${origin}${basePath}${path}`, { headers }));
      await check(response);
      return response;
    },
  };
}

/** A session cookie for a database session that `adapter` stores for the bench user. */
async function storedSessionCookie(adapter: Adapter): Promise<string> {
  const stored = await adapter.createUser!({ ...user, emailVerified: null });
  const sessionToken = crypto.randomUUID();
  await adapter.createSession!({ sessionToken, userId: stored.id, expires: new Date(Date.now() + 30 * 86400 * 1000) });
  return `${sessionCookieName}=${sessionToken}`;
}

/** GET /session with database sessions, each library on its adapter over the same store. */
function dbSessionScenario(name: string, cookie: string, adapter: Adapter, referenceAdapter = adapter): Scenario {
  const subjects = [sekisho({ adapter }), reference({ adapter: referenceAdapter })];
  return routeScenario(name, subjects, "/session", cookie, (r) => expectSessionOf(name, r));
}

export async function buildScenarios(): Promise<Scenario[]> {
  const jwtSubjects = [sekisho(), reference()];
  const fresh = await jwtCookie();
  const stale = await jwtCookie(2 * 24 * 60 * 60);

  const memory = MemoryAdapter();
  const sqlite = sqliteAdapter();
  const postgres = await postgresStore();
  const postgresCookie = postgres && (await storedSessionCookie(postgres.sekisho));
  const revocable = postgres && {
    ...routeScenario(
      "jwt-session (revocable on PostgreSQL)",
      [sekisho({ adapter: postgres.sekisho, strategy: "jwt" }), reference({ adapter: postgres.authjs, strategy: "jwt" })],
      "/session",
      await jwtCookie(0, { sid: "bench-session-id-000001" }),
      (r) => expectSessionOf("jwt-session (revocable on PostgreSQL)", r),
    ),
    note: "jwt sessions with an adapter: sekisho checks each cookie against its revocation view, which reads PostgreSQL at most once per session.revocationCheckInterval (10 s); the reference reads nothing and cannot revoke.",
  };
  const dbScenarios = [
    dbSessionScenario("db-session", await storedSessionCookie(memory), memory),
    dbSessionScenario("db-session (SQLite)", await storedSessionCookie(sqlite), sqlite),
    ...(postgres && postgresCookie
      ? [
          dbSessionScenario("db-session (PostgreSQL)", postgresCookie, postgres.sekisho),
          {
            ...dbSessionScenario("db-session (PostgreSQL / own adapters)", postgresCookie, postgres.sekisho, postgres.authjs),
            note: "the same database read by each library's own adapter: sekisho's PostgresAdapter (one prepared statement) and `@auth/pg-adapter` (two statements), the one an Auth.js app on PostgreSQL runs.",
          },
        ]
      : []),
  ];

  return [
    routeScenario("jwt-session", jwtSubjects, "/session", fresh, (r) => expectSessionOf("jwt-session", r)),
    routeScenario("jwt-session-refresh", jwtSubjects, "/session", stale, async (r) => {
      await expectSessionOf("jwt-session-refresh", r);
      if (!r.headers.getSetCookie().some((c) => c.startsWith(sessionCookieName))) throw new Error("jwt-session-refresh: the cookie was not re-issued");
    }),
    ...(revocable ? [revocable] : []),
    routeScenario("no-session", jwtSubjects, "/session", undefined, async (r) => {
      expectResponse("no-session", r, 200);
      if ((await r.json()) !== null) throw new Error("no-session: expected null");
    }),
    ...dbScenarios,
    routeScenario("csrf", jwtSubjects, "/csrf", undefined, async (r) => {
      expectResponse("csrf", r, 200);
      if (!/^[0-9a-f]{64}$/.test(((await r.json()) as { csrfToken: string }).csrfToken)) throw new Error("csrf: no token");
    }),
    routeScenario("signin-page", jwtSubjects, "/signin", undefined, async (r) => {
      expectResponse("signin-page", r, 200);
      const page = await r.text();
      if (!page.includes("GitHub") || !page.includes("csrfToken")) throw new Error("signin-page: the page lacks the providers");
    }),
    {
      name: "auth()",
      subjects: jwtSubjects,
      run: async (subject) => {
        const session = (await subject.session(new Request(`${origin}/dashboard`, { headers: { cookie: fresh } }))) as { user?: { email?: string } } | null;
        if (session?.user?.email !== user.email) throw new Error(`auth(): ${subject.name} found no session`);
        return undefined;
      },
    },
    await oauthCallbackScenario(),
  ];
}
