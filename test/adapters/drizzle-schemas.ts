/**
 * Databases for Auth.js's published Drizzle adapter, set up as its users set them up: SQLite with the tables the
 * adapter defines by default, and PostgreSQL with the app's own tables under a prefix, handed to the adapter. The DDL
 * is what drizzle-kit writes for those table definitions.
 */
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import Database from "better-sqlite3";
import { drizzle as drizzleSQLite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { boolean, index, integer, pgTableCreator, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Adapter } from "../../src/adapters/adapter-contract.js";

const sqliteTables = `
CREATE TABLE "user" ("id" text PRIMARY KEY NOT NULL, "name" text, "email" text, "emailVerified" integer, "image" text);
CREATE UNIQUE INDEX "user_email_unique" ON "user" ("email");
CREATE TABLE "account" (
  "userId" text NOT NULL REFERENCES "user"("id") ON DELETE cascade, "type" text NOT NULL, "provider" text NOT NULL,
  "providerAccountId" text NOT NULL, "refresh_token" text, "access_token" text, "expires_at" integer, "token_type" text,
  "scope" text, "id_token" text, "session_state" text, PRIMARY KEY ("provider", "providerAccountId"));
CREATE TABLE "session" ("sessionToken" text PRIMARY KEY NOT NULL, "userId" text NOT NULL REFERENCES "user"("id") ON DELETE cascade, "expires" integer NOT NULL);
CREATE TABLE "verificationToken" ("identifier" text NOT NULL, "token" text NOT NULL, "expires" integer NOT NULL, PRIMARY KEY ("identifier", "token"));
CREATE TABLE "authenticator" (
  "credentialID" text NOT NULL UNIQUE, "userId" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "providerAccountId" text NOT NULL, "credentialPublicKey" text NOT NULL, "counter" integer NOT NULL,
  "credentialDeviceType" text NOT NULL, "credentialBackedUp" integer NOT NULL, "transports" text,
  PRIMARY KEY ("userId", "credentialID"));
`;

/** The Drizzle adapter on a fresh in-memory SQLite database with its default tables, and that database. */
export function drizzleOnSQLite(): { adapter: Adapter; sqlite: Database.Database } {
  const sqlite = new Database(":memory:");
  sqlite.exec(sqliteTables);
  return { adapter: DrizzleAdapter(drizzleSQLite({ client: sqlite })) as Adapter, sqlite };
}

// The app's own tables under a prefix, handed to the adapter, as create-t3-app does it; the constraints the
// adapter's own tables have (a unique address, rows that go with their user).
const appTable = pgTableCreator((name) => `app_${name}`);

const users = appTable("user", {
  id: varchar("id", { length: 255 }).notNull().primaryKey().$defaultFn(() => crypto.randomUUID()),
  name: varchar("name", { length: 255 }),
  email: varchar("email", { length: 255 }).unique(),
  emailVerified: timestamp("emailVerified", { mode: "date", withTimezone: true }),
  image: varchar("image", { length: 255 }),
});

const ownedByUser = () =>
  varchar("userId", { length: 255 })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

const accounts = appTable(
  "account",
  {
    userId: ownedByUser(),
    type: varchar("type", { length: 255 }).$type<"oauth" | "oidc" | "email" | "webauthn">().notNull(),
    provider: varchar("provider", { length: 255 }).notNull(),
    providerAccountId: varchar("providerAccountId", { length: 255 }).notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: varchar("token_type", { length: 255 }),
    scope: varchar("scope", { length: 255 }),
    id_token: text("id_token"),
    session_state: varchar("session_state", { length: 255 }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("account_user_id_idx").on(t.userId)],
);

const sessions = appTable("session", {
  sessionToken: varchar("sessionToken", { length: 255 }).notNull().primaryKey(),
  userId: ownedByUser(),
  expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
});

const verificationTokens = appTable(
  "verification_token",
  {
    identifier: varchar("identifier", { length: 255 }).notNull(),
    token: varchar("token", { length: 255 }).notNull(),
    expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

const authenticators = appTable(
  "authenticator",
  {
    credentialID: text("credentialID").notNull().unique(),
    userId: ownedByUser(),
    providerAccountId: text("providerAccountId").notNull(),
    credentialPublicKey: text("credentialPublicKey").notNull(),
    counter: integer("counter").notNull(),
    credentialDeviceType: text("credentialDeviceType").notNull(),
    credentialBackedUp: boolean("credentialBackedUp").notNull(),
    transports: text("transports"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.credentialID] })],
);

const appTables = `
CREATE TABLE "app_user" ("id" varchar(255) PRIMARY KEY NOT NULL, "name" varchar(255), "email" varchar(255) UNIQUE, "emailVerified" timestamp with time zone, "image" varchar(255));
CREATE TABLE "app_account" (
  "userId" varchar(255) NOT NULL REFERENCES "app_user"("id") ON DELETE cascade, "type" varchar(255) NOT NULL, "provider" varchar(255) NOT NULL,
  "providerAccountId" varchar(255) NOT NULL, "refresh_token" text, "access_token" text, "expires_at" integer,
  "token_type" varchar(255), "scope" varchar(255), "id_token" text, "session_state" varchar(255),
  PRIMARY KEY ("provider", "providerAccountId"));
CREATE INDEX "account_user_id_idx" ON "app_account" ("userId");
CREATE TABLE "app_session" ("sessionToken" varchar(255) PRIMARY KEY NOT NULL, "userId" varchar(255) NOT NULL REFERENCES "app_user"("id") ON DELETE cascade, "expires" timestamp with time zone NOT NULL);
CREATE TABLE "app_verification_token" ("identifier" varchar(255) NOT NULL, "token" varchar(255) NOT NULL, "expires" timestamp with time zone NOT NULL,
  PRIMARY KEY ("identifier", "token"));
CREATE TABLE "app_authenticator" (
  "credentialID" text NOT NULL UNIQUE, "userId" varchar(255) NOT NULL REFERENCES "app_user"("id") ON DELETE cascade,
  "providerAccountId" text NOT NULL, "credentialPublicKey" text NOT NULL, "counter" integer NOT NULL,
  "credentialDeviceType" text NOT NULL, "credentialBackedUp" boolean NOT NULL, "transports" text,
  PRIMARY KEY ("userId", "credentialID"));
`;

/** The Drizzle adapter over `pool` with the app's own tables, created. */
export async function drizzleOnAppTables(pool: pg.Pool): Promise<Adapter> {
  await pool.query(appTables);
  return DrizzleAdapter(drizzlePostgres({ client: pool }), {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
    authenticatorsTable: authenticators,
  }) as Adapter;
}
