-- Rate-limit counters (src/adapters/rate-limit/sql.ts): one row per key, counting hits until "reset_at",
-- in milliseconds since the epoch. Keys are hashes: the table holds no addresses. Rows whose window
-- has closed are deleted a few at a time as requests come in; the index finds them.

CREATE TABLE IF NOT EXISTS "sekisho_rate_limits" (
  "bucket" TEXT NOT NULL PRIMARY KEY,
  "hits" INTEGER NOT NULL,
  "reset_at" BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS "sekisho_rate_limits_reset_at" ON "sekisho_rate_limits" ("reset_at");
