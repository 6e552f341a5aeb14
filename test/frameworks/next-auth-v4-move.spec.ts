/**
 * The move from next-auth 4 with a real Next.js 16 app: test/frameworks/next-auth-v4-app (pages router, as
 * next-auth 4's documentation teaches it) is built against the installed next-auth 4, started, and Chromium
 * signs in. Then a copy of the app goes through `sekisho codemod` (the package's bin) and the hand changes the
 * codemod lists, is built against the package, and started on the same port, so the browser sends the same
 * cookies: after a reload it is still signed in, holding sekisho's cookie and not next-auth 4's. The jwt strategy
 * with a password; with DATABASE_URL set, the same builds run the database strategy (PostgreSQL through
 * @auth/pg-adapter, which both speak) with sign-in by an email sent to a real SMTP server.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "../../src/adapters/postgres.js";
import { freshPostgresDatabase } from "../adapters/databases.js";
import { launchChromium } from "../helpers/browser.js";
import { testPool } from "../helpers/pg-pool.js";
import { services, withService } from "../helpers/services.js";
import { startSmtp } from "../helpers/smtp.js";
import { linkIn } from "../integration/email/email-flow.js";
import { buildEnv, cacheRoot, cachedBuild, freePort, root, run, skipped, startServer } from "./apps.js";
import { hashOf, packedSekisho } from "./next-auth-app.js";
import { text } from "./pages.js";

const execFileAsync = promisify(execFile);
const appSource = join(root, "test/frameworks/next-auth-v4-app");
const nextBin = join(root, "node_modules/next/dist/bin/next");
const secret = "next-auth-v4-app-secret-0123456789abcdefghij";

/** Where `next build` took `ms`, kept beside the build so a cached run still reports it. */
async function timedBuild(dir: string): Promise<void> {
  const started = Date.now();
  await run([nextBin, "build", dir], dir, buildEnv);
  writeFileSync(join(dir, ".build-ms"), String(Date.now() - started));
}

function copyApp(dir: string) {
  cpSync(appSource, dir, { recursive: true, filter: (source) => !skipped.has(source.split("/").pop()!) });
}

/** `file` in `dir` with each `[from, to]` applied; a `from` the file does not hold fails the move. */
function edit(dir: string, file: string, edits: [string, string][]) {
  let source = readFileSync(join(dir, file), "utf8");
  for (const [from, to] of edits) {
    if (!source.includes(from)) throw new Error(`${file} does not hold ${JSON.stringify(from)} after the codemod:\n${source}`);
    source = source.replace(from, to);
  }
  writeFileSync(join(dir, file), source);
}

/**
 * The hand changes the codemod lists, as few as it takes: the configuration moves from the pages API route to
 * auth.ts (with `session.acceptNextAuthV4`), the route becomes an App Router route handler, and
 * `getServerSession(req, res, authOptions)` becomes `auth(req, res)`.
 */
function moveByHand(dir: string) {
  const v4Route = "pages/api/auth/[...nextauth].ts";
  edit(dir, v4Route, [
    ["  providers: pool", "  session: { acceptNextAuthV4: true },\n  providers: pool"],
    ["export default NextAuth(authOptions);", "export const { auth, handlers } = NextAuth(authOptions);"],
  ]);
  cpSync(join(dir, v4Route), join(dir, "auth.ts"));
  rmSync(join(dir, v4Route));
  mkdirSync(join(dir, "app/api/auth/[...nextauth]"), { recursive: true });
  writeFileSync(join(dir, "app/api/auth/[...nextauth]/route.ts"), 'import { handlers } from "../../../../auth";\n\nexport const { GET, POST } = handlers;\n');
  edit(dir, "pages/index.tsx", [
    ['import { getServerSession } from "sekisho/next";\n', ""],
    ['import { authOptions } from "./api/auth/[...nextauth]";', 'import { auth } from "../auth";'],
    ["getServerSession(context.req, context.res, authOptions)", "auth(context.req, context.res)"],
  ]);
  edit(dir, "pages/api/me.ts", [
    ['import { getServerSession } from "sekisho/next";\n', ""],
    ['import { authOptions } from "./auth/[...nextauth]";', 'import { auth } from "../../auth";'],
    ["getServerSession(req, res, authOptions)", "auth(req, res)"],
  ]);
}

const appHash = () => hashOf(["test/frameworks/next-auth-v4-app", "test/frameworks/next-auth-v4-move.spec.ts"]);

/** The app as it is, built against the repository's next-auth 4. */
const builtV4App = () =>
  cachedBuild(cacheRoot, "nextauth4-app", appHash(), async (dir) => {
    copyApp(dir);
    await timedBuild(dir);
  });

/** The app after `sekisho codemod` (its output kept in codemod.txt) and the hand changes, built against the package. */
async function builtMovedApp(): Promise<string> {
  const packed = await packedSekisho();
  return cachedBuild(cacheRoot, "nextauth4-moved", appHash() + packed.slice(-8), async (dir) => {
    copyApp(dir);
    const { stdout } = await execFileAsync(process.execPath, [join(packed, "sekisho/dist/cli.js"), "codemod", dir]);
    writeFileSync(join(dir, "codemod.txt"), stdout);
    moveByHand(dir);
    cpSync(join(packed, "sekisho"), join(dir, "node_modules/sekisho"), { recursive: true });
    await timedBuild(dir);
  });
}


let v4Dir: string;
let movedDir: string;
let launched: Promise<Browser> | undefined;
// Launched inside the tests, so a missing Chromium fails them rather than skipping them.
const browser = () => (launched ??= launchChromium());

beforeAll(async () => {
  // One build at a time: each takes both cores.
  v4Dir = await builtV4App();
  movedDir = await builtMovedApp();
}, 20 * 60_000);

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
});

/** Runs `steps` while the app in `dir` serves on `port`, then stops it; a failure carries the app's output. */
async function whileServing(label: string, dir: string, port: number, env: Record<string, string>, steps: () => Promise<void>) {
  const command = (listen: number) => [nextBin, "start", dir, "-p", String(listen), "-H", "localhost"];
  const running = await startServer(label, command, dir, { NEXTAUTH_SECRET: secret, NEXTAUTH_URL: `http://localhost:${port}`, ...env }, port);
  try {
    await steps();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- ${label} output ---\n${running.output().slice(-4000)}`, { cause: error });
  } finally {
    await running.close();
  }
}

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name).sort();
const cookieValue = async (context: BrowserContext, name: string) => (await context.cookies()).find((cookie) => cookie.name === name)?.value;
const me = async (context: BrowserContext, url: string) => (await context.request.get(`${url}/api/me`)).json();

/** On the home page, the "Sign in" button of useSession's component leads to next-auth 4's own sign-in page. */
async function toV4SignInPage(page: Page, url: string) {
  await page.goto(`${url}/`);
  expect(await text(page, "#server-user")).toBe("nobody");
  await expect.poll(() => text(page, "#client-status")).toBe("unauthenticated");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((at) => at.pathname === "/api/auth/signin");
}

/**
 * In the moved app: a reload shows `email` from getServerSideProps and useSession, the browser holds sekisho's
 * cookie and no next-auth 4 one, the API route sees the user, that cookie alone is the session; then sign-out.
 * Resolves to the sekisho cookie's value as the move left it.
 */
async function expectStillSignedIn(page: Page, context: BrowserContext, url: string, email: string): Promise<string> {
  await page.reload();
  expect(await text(page, "#server-user")).toBe(email);
  await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
  expect(await text(page, "#client-user")).toBe(email);
  const names = await cookieNames(context);
  expect(names).toContain("authjs.session-token");
  expect(names.filter((name) => name.startsWith("next-auth.session-token"))).toEqual([]);
  expect(await me(context, url)).toEqual({ email });
  const carried = (await cookieValue(context, "authjs.session-token"))!;

  const fresh = await (await browser()).newContext();
  await fresh.addCookies((await context.cookies()).filter((cookie) => cookie.name === "authjs.session-token"));
  expect(await me(fresh, url)).toEqual({ email });
  await fresh.close();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => text(page, "#client-status")).toBe("unauthenticated");
  expect((await context.request.get(`${url}/api/me`)).status()).toBe(401);
  return carried;
}

describe("a next-auth 4 app (pages router, Next.js 16) moved to sekisho by the codemod and the changes it lists", () => {
  it("the codemod rewrites the imports and lists each place an import change does not move", () => {
    const output = readFileSync(join(movedDir, "codemod.txt"), "utf8");
    const places = output.split("\n").filter((line) => /^[\w/[\].-]+:\d+: /.test(line)).map((line) => line.split(": ")[0]);
    expect(places).toEqual(["pages/api/auth/[...nextauth].ts:31", "pages/api/me.ts:6", "pages/index.tsx:14"]);
    expect(output).toContain("rewrote pages/api/auth/[...nextauth].ts (3 imports)");
    expect(output).toContain("5 files rewritten; 3 places left for you");
    expect(existsSync(join(movedDir, "pages/api/auth/[...nextauth].ts"))).toBe(false);
    const times = [v4Dir, movedDir].map((dir) => readFileSync(join(dir, ".build-ms"), "utf8"));
    console.log(`next build: the next-auth 4 app ${times[0]} ms, the moved app ${times[1]} ms`);
  });

  it("jwt strategy: the browser signed in under next-auth 4 is still signed in after the move, with sekisho's cookie only", async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const context = await (await browser()).newContext();
    const page = await context.newPage();

    await whileServing("next-auth 4 app", v4Dir, port, {}, async () => {
      await toV4SignInPage(page, url);
      await page.getByLabel("Username").fill("demo");
      await page.getByLabel("Password").fill("demo");
      await page.getByRole("button", { name: "Sign in with Password" }).click();
      await page.waitForURL(`${url}/`);
      expect(await text(page, "#server-user")).toBe("demo@example.com");
      await expect.poll(() => text(page, "#client-status")).toBe("authenticated");
      expect(await me(context, url)).toEqual({ email: "demo@example.com" });
      expect(await cookieNames(context)).toContain("next-auth.session-token");
    });

    await whileServing("moved app", movedDir, port, {}, () => expectStillSignedIn(page, context, url, "demo@example.com").then(() => undefined));
    await context.close();
  });
});

await withService("postgres", () => {
  describe("the same app with database sessions (PostgreSQL through @auth/pg-adapter, sign-in by email)", () => {
    it("database strategy: the session row next-auth 4 wrote signs the browser in after the move, under sekisho's cookie", async () => {
      const database = await freshPostgresDatabase(services.postgres.url);
      const pool = testPool({ connectionString: database.url });
      const smtp = await startSmtp();
      try {
        await migratePostgres(pool);
        const env = { DATABASE_URL: database.url, EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}` };
        const port = await freePort();
        const url = `http://localhost:${port}`;
        const context = await (await browser()).newContext();
        const page = await context.newPage();
        let v4Token: string | undefined;

        await whileServing("next-auth 4 app", v4Dir, port, env, async () => {
          await toV4SignInPage(page, url);
          await page.getByLabel("Email").fill("dora@example.com");
          await page.getByRole("button", { name: "Sign in with Email" }).click();
          await page.waitForURL((at) => at.pathname === "/api/auth/verify-request");
          await page.goto(linkIn((await smtp.waitForMessage("dora@example.com")).text));
          await page.waitForURL(`${url}/`);
          expect(await text(page, "#server-user")).toBe("dora@example.com");
          v4Token = await cookieValue(context, "next-auth.session-token");
          expect((await pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [v4Token])).rowCount).toBe(1);
        });

        await whileServing("moved app", movedDir, port, env, async () => {
          expect(await expectStillSignedIn(page, context, url, "dora@example.com")).toBe(v4Token);
          expect((await pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [v4Token])).rowCount).toBe(0);
        });
        await context.close();
      } finally {
        await smtp.close();
        await pool.end();
        await database.drop();
      }
    });
  });
});
