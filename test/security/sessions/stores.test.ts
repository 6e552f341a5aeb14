/**
 * The revocation and session-list attacks the memory store is put through (revocation-attacks.ts), on every
 * store that keeps them in a real database: SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis.
 */
import { forEachRecordStore } from "../../helpers/record-stores.js";
import { runRevocationAttacks } from "./revocation-attacks.js";

await forEachRecordStore(runRevocationAttacks, [
  "SQLite file (@libsql/client)",
  "SQLite (better-sqlite3)",
  "D1 (Miniflare)",
  "PostgreSQL",
  "MariaDB",
  "Redis",
]);
