/** The session-record store contract on every adapter: memory, SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis. */
import { forEachRecordStore } from "../helpers/record-stores.js";
import { runSessionRecordsContract } from "./session-records-contract.js";

await forEachRecordStore(runSessionRecordsContract);
