/**
 * The tables `@auth/pg-adapter` documents (its schema.sql: SERIAL ids, no authenticators) and the
 * SQL that converts them for sekisho's PostgresAdapter. docs/migration.md shows `convertFromPgAdapter`
 * verbatim; the switch test checks that it does.
 */

export const pgAdapterSchema = `CREATE TABLE users
(
  id SERIAL,
  name VARCHAR(255),
  email VARCHAR(255) UNIQUE,
  "emailVerified" TIMESTAMPTZ,
  image TEXT,

  PRIMARY KEY (id)
);

CREATE TABLE accounts
(
  id SERIAL,
  "userId" INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
  type VARCHAR(255) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  "providerAccountId" VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,

  PRIMARY KEY (id),
  UNIQUE (provider, "providerAccountId")
);

CREATE TABLE sessions
(
  id SERIAL,
  "userId" INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
  expires TIMESTAMPTZ NOT NULL,
  "sessionToken" VARCHAR(255) UNIQUE NOT NULL,

  PRIMARY KEY (id)
);

CREATE TABLE verification_token
(
  identifier TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  token TEXT NOT NULL,

  PRIMARY KEY (identifier, token)
);`;

export const convertFromPgAdapter = `BEGIN;

-- the foreign keys hold integer columns; put them back once both sides are text
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_userId_fkey";
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_userId_fkey";

-- existing ids keep their value as text ("1" stays "1"); new rows get a UUID
ALTER TABLE "users"
  ALTER COLUMN "id" DROP DEFAULT,
  ALTER COLUMN "id" TYPE TEXT USING "id"::text,
  ALTER COLUMN "id" SET DEFAULT gen_random_uuid()::text;
ALTER TABLE "accounts"
  ALTER COLUMN "id" DROP DEFAULT,
  ALTER COLUMN "id" TYPE TEXT USING "id"::text,
  ALTER COLUMN "id" SET DEFAULT gen_random_uuid()::text,
  ALTER COLUMN "userId" TYPE TEXT USING "userId"::text;
ALTER TABLE "sessions"
  ALTER COLUMN "id" DROP DEFAULT,
  ALTER COLUMN "id" TYPE TEXT USING "id"::text,
  ALTER COLUMN "id" SET DEFAULT gen_random_uuid()::text,
  ALTER COLUMN "userId" TYPE TEXT USING "userId"::text;
DROP SEQUENCE "users_id_seq", "accounts_id_seq", "sessions_id_seq";

ALTER TABLE "accounts" ADD CONSTRAINT "accounts_userId_fkey"
  FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey"
  FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE;

-- sekisho stores OAuth authorization_details (RFC 9396) on the account
ALTER TABLE "accounts" ADD COLUMN "authorization_details" TEXT;

COMMIT;`;
