/**
 * `@auth/d1-adapter` where its users run it: inside a Worker under workerd, on the D1 binding, with the tables its
 * own `up(db)` makes. Email sign-in with database sessions end to end, one sign-in per link however many times it
 * is opened at once (the adapter's useVerificationToken reads, then deletes), and sign-out.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerBundle } from "../../../bench/bundle-size.js";
import { createAuthjsD1Tables } from "../../adapters/authjs-d1-database.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";

process.env.WRANGLER_SEND_METRICS = "false";
const root = resolve(import.meta.dirname, "../../..");
const origin = "http://localhost:8787";
const sessionCookie = "authjs.session-token";

let mf: Miniflare;
let db: Awaited<ReturnType<Miniflare["getD1Database"]>>;

beforeAll(async () => {
  const bundled = await build({ ...workerBundle, minify: false, absWorkingDir: root, entryPoints: ["test/integration/workers/authjs-d1-worker.ts"] });
  mf = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0].text,
    compatibilityDate: "2026-04-01",
    cf: false,
    d1Databases: ["DB"],
    bindings: { AUTH_SECRET: "authjs-d1-in-workerd-secret-0123456789abcdef" },
  });
  db = await mf.getD1Database("DB");
  await createAuthjsD1Tables(db);
}, 120_000);

afterAll(() => mf?.dispose());

const rows = async (table: string): Promise<Record<string, unknown>[]> => (await db.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>()).results;

function cookieOf(response: { headers: Headers }, name: string): string | undefined {
  const cookie = setCookiesOf(response as Response).find((c) => c.name === name);
  return cookie && `${cookie.name}=${cookie.value}`;
}

/** Asks for a sign-in link for `email` as a browser form does; the link the Worker would have mailed. */
async function requestLink(email: string): Promise<string> {
  const csrf = await mf.dispatchFetch(`${origin}/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const asked = await mf.dispatchFetch(`${origin}/auth/signin/resend`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieOf(csrf, "authjs.csrf-token")! },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: `${origin}/inbox` }).toString(),
  });
  expect(asked.status).toBe(302);
  expect(asked.headers.get("location")).toContain("/auth/verify-request");
  await asked.arrayBuffer();
  const link = await mf.dispatchFetch(`${origin}/test/link?email=${encodeURIComponent(email)}`);
  expect(link.status).toBe(200);
  return link.text();
}

async function follow(link: string) {
  const response = await mf.dispatchFetch(link, { redirect: "manual" });
  await response.arrayBuffer();
  return response;
}

describe("@auth/d1-adapter inside a Worker under workerd", () => {
  it("signs in by email into a database session on D1, and signs out", async () => {
    const signedIn = await follow(await requestLink("dora@example.com"));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/inbox`);
    const cookie = cookieOf(signedIn, sessionCookie)!;
    expect(cookie).toBeDefined();

    const [user, ...others] = await rows("users");
    expect(others).toEqual([]);
    expect(user).toMatchObject({ email: "dora@example.com", emailVerified: expect.anything() });
    expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: cookie.split("=")[1], userId: user.id })]);
    expect(await rows("verification_tokens")).toEqual([]);

    const session = await mf.dispatchFetch(`${origin}/auth/session`, { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("dora@example.com");

    const account = await mf.dispatchFetch(`${origin}/auth/account`, { headers: { cookie, accept: "application/json" } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ user: { email: "dora@example.com" }, accounts: null });

    const csrf = await mf.dispatchFetch(`${origin}/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signedOut = await mf.dispatchFetch(`${origin}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${cookie}; ${cookieOf(csrf, "authjs.csrf-token")}` },
      body: new URLSearchParams({ csrfToken }).toString(),
    });
    expect(signedOut.status).toBe(302);
    await signedOut.arrayBuffer();
    expect(await rows("sessions")).toEqual([]);
    expect(await (await mf.dispatchFetch(`${origin}/auth/session`, { headers: { cookie } })).json()).toBeNull();
  });

  // whether two uses meet between the adapter's read and its delete is up to workerd's scheduling: five links, so
  // that a lost claim shows (without it, a round gave 1 to 41 sessions of 50)
  it("gives one session per link, each opened 50 times at once", async () => {
    for (const name of ["eli", "fay", "gil", "hal", "ivy"]) {
      const email = `${name}@example.com`;
      const link = await requestLink(email);
      const answers = await Promise.all(Array.from({ length: 50 }, () => follow(link)));
      expect(answers.filter((answer) => cookieOf(answer, sessionCookie))).toHaveLength(1);
      const [user] = (await rows("users")).filter((row) => row.email === email);
      expect((await rows("sessions")).filter((row) => row.userId === user.id)).toHaveLength(1);
      // the others are told the link was used, not a server error
      for (const answer of answers.filter((a) => !cookieOf(a, sessionCookie))) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toContain("error=Verification");
      }
    }
  });
});
