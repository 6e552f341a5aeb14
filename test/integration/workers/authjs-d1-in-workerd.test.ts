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
import { createClient, type Client } from "../../helpers/auth-client.js";
import { requestLink } from "../email/email-flow.js";

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

/** A browser of the Worker: its own cookie jar, requests dispatched into workerd. */
const browser = (): Client =>
  createClient({ origin, send: async (request) => (await mf.dispatchFetch(request.url, request as never)) as unknown as Response });

/** Asks for a sign-in link for `email` as the sign-in form does; the link the Worker would have mailed. */
async function linkFor(email: string): Promise<string> {
  const client = browser();
  const asked = await requestLink(client, email, "resend", `${origin}/inbox`);
  expect(asked.status).toBe(302);
  expect(asked.headers.get("location")).toContain("/auth/verify-request");
  const link = await client.send(`${origin}/test/link?email=${encodeURIComponent(email)}`);
  expect(link.status).toBe(200);
  return link.text();
}

/** Opens `link` in a fresh browser; the answer and whether it set a session cookie. */
async function follow(link: string): Promise<{ answer: Response; client: Client; signedIn: boolean }> {
  const client = browser();
  const answer = await client.send(link);
  await answer.arrayBuffer();
  return { answer, client, signedIn: client.jar.get(sessionCookie) !== undefined };
}

describe("@auth/d1-adapter inside a Worker under workerd", () => {
  it("signs in by email into a database session on D1, and signs out", async () => {
    const { answer: signedIn, client } = await follow(await linkFor("dora@example.com"));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/inbox`);
    const token = client.jar.get(sessionCookie)!;
    expect(token).toBeDefined();

    const [user, ...others] = await rows("users");
    expect(others).toEqual([]);
    expect(user).toMatchObject({ email: "dora@example.com", emailVerified: expect.anything() });
    expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: token, userId: user.id })]);
    expect(await rows("verification_tokens")).toEqual([]);

    expect(((await client.session()) as { user: { email: string } }).user.email).toBe("dora@example.com");

    const account = await client.send("/account", { headers: { accept: "application/json" } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ user: { email: "dora@example.com" }, accounts: null });

    const signedOut = await client.signOut();
    expect(signedOut.status).toBe(302);
    await signedOut.arrayBuffer();
    expect(await rows("sessions")).toEqual([]);
    expect(await (await client.send("/session", { headers: { cookie: `${sessionCookie}=${token}` } })).json()).toBeNull();
  });

  // whether two uses meet between the adapter's read and its delete is up to workerd's scheduling: five links, so
  // that a lost claim shows (without it, a round gave 1 to 41 sessions of 50)
  it("gives one session per link, each opened 50 times at once", async () => {
    for (const name of ["eli", "fay", "gil", "hal", "ivy"]) {
      const email = `${name}@example.com`;
      const link = await linkFor(email);
      const opened = await Promise.all(Array.from({ length: 50 }, () => follow(link)));
      expect(opened.filter((each) => each.signedIn)).toHaveLength(1);
      const [user] = (await rows("users")).filter((row) => row.email === email);
      expect((await rows("sessions")).filter((row) => row.userId === user.id)).toHaveLength(1);
      // the others are told the link was used, not a server error
      for (const { answer } of opened.filter((each) => !each.signedIn)) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toContain("error=Verification");
      }
    }
  });
});
