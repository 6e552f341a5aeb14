import Database from "better-sqlite3";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import { runAdapterContract } from "./contract.js";

await runAdapterContract("sqlite-better (temp file)", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-better-"));
  const db = new Database(join(dir, "auth.db"));
  await migrateSQLite(db);
  return {
    adapter: SQLiteAdapter(db),
    cleanup: async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

await runAdapterContract("sqlite-better (:memory:)", async () => {
  const db = new Database(":memory:");
  await migrateSQLite(db);
  return { adapter: SQLiteAdapter(db), cleanup: async () => void db.close() };
});
