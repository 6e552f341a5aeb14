/** The user-factor store contract on every adapter: memory, SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis. */
import { forEachRecordStore } from "../helpers/record-stores.js";
import { runUserFactorsContract } from "./user-factors-contract.js";

await forEachRecordStore(runUserFactorsContract);
