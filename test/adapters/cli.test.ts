import { execFile } from "node:child_process";
import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import mysql from "mysql2/promise";
import { afterAll, describe, expect, it } from "vitest";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import { MySQLAdapter } from "../../src/adapters/mysql.js";
import { PostgresAdapter } from "../../src/adapters/postgres.js";
import type { TransactionalAdapter } from "../../src/adapters/extensions.js";
import { run } from "../../src/cli/run.js";
import { services, withService } from "../helpers/services.js";
import { freshMySQLDatabase, withFreshPostgres } from "./databases.js";

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { out: { log: (m: string) => lines.push(m), error: (m: string) => errors.push(m) }, lines, errors };
}

const dir = await mkdtemp(join(tmpdir(), "sekisho-cli-"));

const DAY = 86_400_000;

/** Two expired sessions and one live, one expired verification token and one live; returns the live ones. */
async function storeExpiredAndLive(adapter: TransactionalAdapter) {
  const user = await adapter.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
  const session = (expires: number) => adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(expires) });
  const token = (expires: number) => ({ identifier: user.email, token: crypto.randomUUID(), expires: new Date(expires) });
  await session(Date.now() - DAY);
  await session(Date.now() - 1000);
  const live = await session(Date.now() + DAY);
  const liveToken = token(Date.now() + DAY);
  await adapter.createVerificationToken(token(Date.now() - DAY));
  await adapter.createVerificationToken(liveToken);
  return { live, liveToken };
}

/** `purge` deletes the expired rows and says how many, keeps the live ones, and finds nothing the second time. */
async function expectPurged(dialect: string, url: string, adapter: TransactionalAdapter) {
  const args = ["purge", "--adapter", dialect, "--url", url];
  const { live, liveToken } = await storeExpiredAndLive(adapter);
  const first = capture();
  expect(await run(args, first.out)).toBe(0);
  expect(first.lines).toEqual(["deleted 2 from sessions, 1 from verification_token"]);
  const second = capture();
  expect(await run(args, second.out)).toBe(0);
  expect(second.lines).toEqual(["deleted 0 from sessions, 0 from verification_token"]);
  expect(await adapter.getSessionAndUser(live.sessionToken)).not.toBeNull();
  expect(await adapter.useVerificationToken(liveToken)).toEqual(liveToken);
}

/** `migrate` applies the migrations named to a database, then `purge` works on it. */
async function expectMigratedThenPurged(dialect: string, url: string, applied: string[], adapter: TransactionalAdapter) {
  const migrated = capture();
  expect(await run(["migrate", "--adapter", dialect, "--url", url], migrated.out)).toBe(0);
  expect(migrated.lines).toEqual([applied.map((name) => `applied ${name}`).join("\n")]);
  await expectPurged(dialect, url, adapter);
}

describe("sekisho CLI", () => {
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("`migrate` applies the schema, then reports it up to date", async () => {
    const url = join(dir, "first.db");
    const first = capture();
    expect(await run(["migrate", "--adapter", "sqlite", "--url", url], first.out)).toBe(0);
    expect(first.lines).toEqual(["applied 0001_init\napplied 0002_rate_limits\napplied 0003_session_records\napplied 0004_account_token_state\napplied 0005_user_factors"]);
    const second = capture();
    expect(await run(["migrate", "--adapter", "sqlite", "--url", url], second.out)).toBe(0);
    expect(second.lines).toEqual(["schema is up to date"]);
  });

  it("`migrate` creates the folders of a relative file: URL", async () => {
    const url = `file:./${relative(process.cwd(), join(dir, "new", "folder", "app.db"))}`;
    const io = capture();
    expect(await run(["migrate", "--adapter", "sqlite", "--url", url], io.out)).toBe(0);
    expect(io.lines).toEqual(["applied 0001_init\napplied 0002_rate_limits\napplied 0003_session_records\napplied 0004_account_token_state\napplied 0005_user_factors"]);
    await access(join(dir, "new", "folder", "app.db"));
  });

  it("takes the URL from DATABASE_URL when --url is absent", async () => {
    const io = capture();
    expect(await run(["migrate", "--adapter", "sqlite"], io.out, { DATABASE_URL: join(dir, "env.db") })).toBe(0);
    expect(io.lines).toEqual(["applied 0001_init\napplied 0002_rate_limits\napplied 0003_session_records\napplied 0004_account_token_state\napplied 0005_user_factors"]);
  });

  it.each([
    [["migrate", "--url", "x.db"], "--adapter must be one of"],
    [["migrate", "--adapter", "oracle", "--url", "x"], "--adapter must be one of"],
    [["migrate", "--adapter", "sqlite"], "--url is missing"],
    [["seed"], "Usage: sekisho <migrate|purge>"],
    [["migrate", "purge", "--adapter", "sqlite", "--url", "x.db"], "Usage: sekisho <migrate|purge>"],
    [["migrate", "--adapter", "sqlite", "--verbose"], "Unknown option"],
    [["purge", "--adapter", "postgres", "--url", "not-a-url"], "--url must be a postgres:// or postgresql:// URL"],
    [["purge", "--adapter", "mysql", "--url", "postgres://someone:hunter2@127.0.0.1/db"], "--url must be a mysql:// URL"],
  ])("refuses %j with exit code 2", async (args, message) => {
    const io = capture();
    expect(await run(args, io.out, {})).toBe(2);
    expect(io.errors.join("\n")).toContain(message);
  });

  it("reports a failed migration without echoing the URL", async () => {
    const io = capture();
    const url = "postgres://someone:hunter2@127.0.0.1:1/nowhere";
    expect(await run(["migrate", "--adapter", "postgres", "--url", url], io.out)).toBe(1);
    expect(io.errors.join("\n")).toMatch(/^migration failed: /);
    expect(io.errors.join("\n")).not.toContain("hunter2");
  });

  it("`purge` on SQLite deletes the expired rows, keeps the live ones, and counts them", async () => {
    const url = join(dir, "purge.db");
    const client = createClient({ url: `file:${url}` });
    try {
      await migrateSQLite(client);
      await expectPurged("sqlite", url, SQLiteAdapter(client));
    } finally {
      client.close();
    }
  });

  it("`purge` refuses a SQLite path with no database, and creates none", async () => {
    const url = join(dir, "typo", "auth.db");
    const io = capture();
    expect(await run(["purge", "--adapter", "sqlite", "--url", url], io.out)).toBe(1);
    expect(io.errors).toEqual([`purge failed: there is no SQLite database at ${url}`]);
    await expect(access(join(dir, "typo"))).rejects.toThrow();
  });

  it("`purge` refuses a file: URL with no database, and creates none", async () => {
    const io = capture();
    expect(await run(["purge", "--adapter", "sqlite", "--url", `file:${join(dir, "typo-url", "auth.db")}`], io.out)).toBe(1);
    expect(io.errors).toEqual([`purge failed: there is no SQLite database at ${join(dir, "typo-url", "auth.db")}`]);
    await expect(access(join(dir, "typo-url"))).rejects.toThrow();
  });

  it("runs as a program: src/cli/index.ts", async () => {
    const url = join(dir, "program.db");
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import", "tsx", "src/cli/index.ts", "migrate", "--adapter", "sqlite", "--url", url,
    ]);
    expect(stdout.trim()).toBe("applied 0001_init\napplied 0002_rate_limits\napplied 0003_session_records\napplied 0004_account_token_state\napplied 0005_user_factors");
  });

  it("as a program, a failed purge exits 1 with one line and no stack trace", async () => {
    const url = "postgres://someone:hunter2@127.0.0.1:1/nowhere";
    const program = promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/index.ts", "purge", "--adapter", "postgres", "--url", url]);
    const failure = await program.then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ code: 1, stdout: "", stderr: "purge failed: connect ECONNREFUSED 127.0.0.1:1\n" });
  });
});

await withService("postgres", () => {
  describe("sekisho CLI on PostgreSQL", () => {
    it("`migrate` then `purge` on a fresh database", () =>
      withFreshPostgres(services.postgres.url, (pool, url) => expectMigratedThenPurged("postgres", url, ["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"], PostgresAdapter(pool))));

    it("reports a database that is not there without echoing the URL", async () => {
      const url = new URL(services.postgres.url);
      url.password = "hunter2";
      url.pathname = `/sekisho_missing_${crypto.randomUUID().replace(/-/g, "")}`;
      const io = capture();
      expect(await run(["purge", "--adapter", "postgres", "--url", url.toString()], io.out)).toBe(1);
      expect(io.errors.join("\n")).toMatch(/^purge failed: database "sekisho_missing_\w+" does not exist$/);
      expect(io.errors.join("\n")).not.toContain("hunter2");
    });
  });
});

await withService("mysql", () => {
  describe("sekisho CLI on MariaDB", () => {
    it("`migrate` then `purge` on a fresh database", async () => {
      const database = await freshMySQLDatabase(services.mysql.url);
      const pool = mysql.createPool({ uri: database.url, connectionLimit: 1 });
      try {
        await expectMigratedThenPurged("mysql", database.url, ["0001_init", "0002_sessions_expires_index", "0003_rate_limits", "0004_session_records", "0005_account_token_state", "0006_user_factors"], MySQLAdapter(pool));
      } finally {
        await pool.end();
        await database.drop();
      }
    });
  });
});
