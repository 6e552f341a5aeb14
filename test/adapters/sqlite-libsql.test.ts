import { createClient } from "@libsql/client";
import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import { afterAll, describe, expect, it } from "vitest";
import { runAdapterContract } from "./contract.js";

await runAdapterContract("sqlite-libsql (temp file)", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-libsql-"));
  const client = createClient({ url: `file:${join(dir, "auth.db")}` });
  await migrateSQLite(client);
  return {
    adapter: SQLiteAdapter(client),
    cleanup: async () => {
      client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

await runAdapterContract("sqlite-libsql (:memory:)", async () => {
  const client = createClient({ url: ":memory:" });
  await migrateSQLite(client);
  return { adapter: SQLiteAdapter(client), cleanup: async () => client.close() };
});

await runAdapterContract("sqlite (a path, opened and migrated on first use)", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-libsql-"));
  return {
    adapter: SQLiteAdapter(join(dir, "not", "yet", "there", "auth.db")),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe("SQLiteAdapter with a file: URL whose folders do not exist yet", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-libsql-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ["relative", (file: string) => `file:${relative(process.cwd(), file)}`],
    ["file:///absolute", (file: string) => `file://${file}`],
    ["file:/absolute", (file: string) => `file:${file}`],
  ])("creates the folders of a %s URL on first use", async (name, toUrl) => {
    const file = join(dir, name.replace(/\W/g, "-"), "nested", "auth.db");
    const adapter = SQLiteAdapter(toUrl(file));
    const user = await adapter.createUser({ id: "", email: "new@example.com", emailVerified: null });
    expect(await adapter.getUser(user.id)).toMatchObject({ email: "new@example.com" });
    await access(file);
  });
});
