-- What sekisho keeps for a user beyond the Auth.js tables (src/adapters/user-factors/): second factors, backup
-- codes, trusted devices and password hashes, one row each, none of them a secret in the clear (a TOTP seed is
-- encrypted, a code or a password hashed). Times are milliseconds since the epoch; "expires_at" NULL: never.
-- Rows past "expires_at" read as absent and are deleted a few at a time as factors are written.
-- And on the session records: when the user last proved who they are in that session, and with which methods
-- (a JSON array of names), for recent sign-in and the account page.

CREATE TABLE IF NOT EXISTS "sekisho_user_factors" (
  "user_id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "secret" TEXT NOT NULL,
  "label" TEXT,
  "created_at" INTEGER NOT NULL,
  "last_used_at" INTEGER,
  "expires_at" INTEGER,
  "confirmed" INTEGER NOT NULL,
  PRIMARY KEY ("user_id", "kind", "id")
);

CREATE INDEX IF NOT EXISTS "sekisho_user_factors_expires_at" ON "sekisho_user_factors" ("expires_at");

ALTER TABLE "sekisho_sessions" ADD COLUMN "proved_at" INTEGER;
ALTER TABLE "sekisho_sessions" ADD COLUMN "methods" TEXT;
