-- Session records and revocations (src/adapters/session-records/sql.ts). A record describes one session for
-- the session list: its public id (the JWT's "sid", or a digest of a database session's token, never
-- the token), a short user-agent description and a truncated address. A revocation refuses a JWT
-- session by its sid, or every session of a user issued before "revoked_at", until "expires_at", when
-- those tokens have expired anyway. Times are milliseconds since the epoch. Instances read the
-- revocations recorded since their last look, by "revoked_at".

CREATE TABLE IF NOT EXISTS "sekisho_sessions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "user_id" TEXT NOT NULL,
  "created_at" BIGINT NOT NULL,
  "last_active_at" BIGINT NOT NULL,
  "expires_at" BIGINT NOT NULL,
  "user_agent" TEXT,
  "ip" TEXT,
  "provider" TEXT,
  "provider_sid" TEXT,
  "provider_sub" TEXT
);

CREATE INDEX IF NOT EXISTS "sekisho_sessions_user_id" ON "sekisho_sessions" ("user_id");
CREATE INDEX IF NOT EXISTS "sekisho_sessions_provider_sid" ON "sekisho_sessions" ("provider", "provider_sid");
CREATE INDEX IF NOT EXISTS "sekisho_sessions_provider_sub" ON "sekisho_sessions" ("provider", "provider_sub");
CREATE INDEX IF NOT EXISTS "sekisho_sessions_expires_at" ON "sekisho_sessions" ("expires_at");

CREATE TABLE IF NOT EXISTS "sekisho_revocations" (
  "kind" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "revoked_at" BIGINT NOT NULL,
  "expires_at" BIGINT NOT NULL,
  PRIMARY KEY ("kind", "key")
);

CREATE INDEX IF NOT EXISTS "sekisho_revocations_revoked_at" ON "sekisho_revocations" ("revoked_at");
CREATE INDEX IF NOT EXISTS "sekisho_revocations_expires_at" ON "sekisho_revocations" ("expires_at");
