import { createClient } from "@libsql/client";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
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
