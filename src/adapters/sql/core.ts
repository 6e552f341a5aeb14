import { purgeCutoff, type TransactionalAdapter } from "../extensions.js";
import { givenFields, newUser } from "../records.js";
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../adapter-contract.js";
import type { Row, SqlDriver, Statement } from "./driver.js";
import { rows, type Rows } from "./rows.js";
import {
  accounts,
  authenticators,
  decodeRow,
  encodeRow,
  sessions,
  userFactors,
  users,
  verificationTokens,
  type Table,
} from "./tables.js";

/**
 * The adapter for every SQL database, written once on top of a driver. Ids are random UUIDs made
 * here. Dates come back as Date, counters as numbers, flags as booleans, and "not found" as null.
 */
export function SqlAdapter(driver: SqlDriver): TransactionalAdapter {
  return bind(driver, { inTransaction: false });
}

interface Scope {
  inTransaction: boolean;
  /** Present when the driver has no transactions: the undo statements of the work done so far. */
  journal?: Statement[];
}

const toUser = (row: Row) => decodeRow(users, row) as unknown as AdapterUser;
const toToken = (row: Row) => decodeRow(verificationTokens, row) as unknown as VerificationToken;
const toAuthenticator = (row: Row) => decodeRow(authenticators, row) as unknown as AdapterAuthenticator;

function toSession(row: Row): AdapterSession {
  const { sessionToken, userId, expires } = decodeRow(sessions, row);
  return { sessionToken, userId, expires } as AdapterSession;
}

/** The row id is ours alone, and token columns the provider never sent stay absent. */
function toAccount(row: Row): AdapterAccount {
  const { id: _, ...fields } = decodeRow(accounts, row);
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as unknown as AdapterAccount;
}

function first<T>(found: Row[], map: (row: Row) => T): T | null {
  return found.length > 0 ? map(found[0]) : null;
}

const userByAccount = `SELECT u.* FROM "users" u JOIN "accounts" a ON a."userId" = u."id"
  WHERE a."provider" = ? AND a."providerAccountId" = ?`;

// The session's own id comes back too, as the reference adapters return it from the same tables; and, in
// the same statement, an account of the user whose refresh the provider refused.
const sessionAndUser = `SELECT s."id" AS "sessionId", s."sessionToken", s."userId", s."expires",
  u."id", u."name", u."email", u."emailVerified", u."image",
  (SELECT MIN(a."refresh_error") FROM "accounts" a WHERE a."userId" = u."id" AND a."refresh_error" IS NOT NULL) AS "refreshError"
  FROM "sessions" s JOIN "users" u ON u."id" = s."userId" WHERE s."sessionToken" = ?`;

function bind(driver: SqlDriver, scope: Scope): TransactionalAdapter {
  const db = rows(driver, scope.journal);
  const encode = (table: Table, record: object) => encodeRow(table, record, driver.dialect);

  /** Runs `fn` inside this scope's transaction, or a new one. */
  function atomically<T>(fn: (adapter: TransactionalAdapter, db: Rows) => Promise<T>): Promise<T> {
    if (scope.inTransaction) return fn(adapter, db);
    if (driver.transaction) {
      return driver.transaction((tx) => {
        const inner = { inTransaction: true };
        return fn(bind(tx, inner), rows(tx));
      });
    }
    return compensated(driver, (journal) => {
      const inner = { inTransaction: true, journal };
      return fn(bind(driver, inner), rows(driver, journal));
    });
  }

  const adapter: TransactionalAdapter = {
    async createUser(user) {
      const row = encode(users, newUser(user));
      await db.insert(users, row);
      return toUser(row);
    },
    async getUser(id) {
      return first(await db.select(users, { id }), toUser);
    },
    async getUserByEmail(email) {
      return first(await db.select(users, { email }), toUser);
    },
    async getUserByAccount({ provider, providerAccountId }) {
      return first((await driver.query(userByAccount, [provider, providerAccountId])).rows, toUser);
    },
    async updateUser(update) {
      const { id, ...changes } = givenFields(update);
      const row = await db.update(users, { id }, encode(users, changes));
      if (!row) throw new Error("updateUser: no user with this id");
      return toUser(row);
    },
    deleteUser(userId) {
      // Auth.js's published schemas have no foreign keys, so the cascade cannot be left to them.
      return atomically(async (inner, tx) => {
        await inner.detachUser(userId);
        return first(await tx.remove(users, { id: userId }), toUser);
      });
    },
    detachUser(userId) {
      return atomically(async (_, tx) => {
        for (const table of [accounts, sessions, authenticators]) await tx.remove(table, { userId });
        await tx.remove(userFactors, { user_id: userId });
      });
    },
    async linkAccount(account) {
      const row = encode(accounts, { ...account, id: crypto.randomUUID() });
      await db.insert(accounts, row);
      return toAccount(row);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      return first(await db.remove(accounts, { provider, providerAccountId }), toAccount) ?? undefined;
    },
    async getAccount(providerAccountId, provider) {
      return first(await db.select(accounts, { provider, providerAccountId }), toAccount);
    },
    async getUserAccount(userId, provider) {
      return first(await db.select(accounts, { userId, provider }), toAccount);
    },
    async listUserAccounts(userId) {
      return (await db.select(accounts, { userId })).map(toAccount);
    },
    async updateAccount(update) {
      const { provider, providerAccountId, ...changes } = givenFields(update);
      const row = await db.update(accounts, { provider, providerAccountId }, encode(accounts, changes));
      return row && toAccount(row);
    },
    async createSession({ sessionToken, userId, expires }) {
      const row = encode(sessions, { id: crypto.randomUUID(), sessionToken, userId, expires });
      await db.insert(sessions, row);
      return toSession(row);
    },
    async getSessionAndUser(sessionToken) {
      const found = (await driver.query(sessionAndUser, [sessionToken])).rows;
      return first(found, ({ sessionId, refreshError, ...row }) => ({
        session: { id: sessionId, ...toSession(row) },
        user: toUser(row),
        ...(typeof refreshError === "string" ? { refreshError } : {}),
      }));
    },
    async updateSession(update) {
      const { sessionToken, ...changes } = givenFields(update);
      const row = await db.update(sessions, { sessionToken }, encode(sessions, changes));
      return row && toSession(row);
    },
    async deleteSession(sessionToken) {
      return first(await db.remove(sessions, { sessionToken }), toSession);
    },
    async createVerificationToken(token) {
      const row = encode(verificationTokens, token);
      await db.insert(verificationTokens, row);
      return toToken(row);
    },
    async useVerificationToken({ identifier, token }) {
      return first(await db.remove(verificationTokens, { identifier, token }), toToken);
    },
    async createAuthenticator(authenticator) {
      const row = encode(authenticators, { ...authenticator, transports: authenticator.transports ?? null });
      await db.insert(authenticators, row);
      return toAuthenticator(row);
    },
    async getAuthenticator(credentialID) {
      return first(await db.select(authenticators, { credentialID }), toAuthenticator);
    },
    async listAuthenticatorsByUserId(userId) {
      return (await db.select(authenticators, { userId })).map(toAuthenticator);
    },
    async deleteUserAuthenticator(userId, credentialID) {
      return (await db.remove(authenticators, { userId, credentialID })).length > 0;
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      const row = await db.update(authenticators, { credentialID }, encode(authenticators, { counter }));
      if (!row) throw new Error("updateAuthenticatorCounter: no authenticator with this credential ID");
      return toAuthenticator(row);
    },
    async purgeExpired(now, limit) {
      // encoded as each dialect stores dates: ISO text on SQLite, whose order is the order of time
      const { expires } = encode(sessions, { expires: purgeCutoff(now, limit) });
      return {
        sessions: await db.removeBelow(sessions, "expires", expires, limit),
        verificationTokens: await db.removeBelow(verificationTokens, "expires", expires, limit),
      };
    },
    transaction(fn) {
      return atomically((tx) => fn(tx));
    },
  };
  // Only a database transaction isolates; a compensated one (D1) cannot hold a user.
  if (scope.inTransaction ? !scope.journal : driver.transaction) adapter.lockUser = (userId) => lockUser(driver, userId);
  return adapter;
}

/** Holds the user's row until the transaction ends; a SQLite transaction (`BEGIN IMMEDIATE`) already runs alone. */
async function lockUser(driver: SqlDriver, userId: string): Promise<void> {
  if (driver.dialect !== "sqlite") await driver.query(`SELECT "id" FROM "users" WHERE "id" = ? FOR UPDATE`, [userId]);
}

/** Runs `fn`; if it fails, replays the undo log newest first, as far as it goes. */
async function compensated<T>(driver: SqlDriver, fn: (journal: Statement[]) => Promise<T>): Promise<T> {
  const journal: Statement[] = [];
  try {
    return await fn(journal);
  } catch (error) {
    const failures: unknown[] = [];
    for (const undo of journal.reverse()) {
      await driver.query(undo.sql, undo.params).catch((failure: unknown) => failures.push(failure));
    }
    if (failures.length > 0) {
      throw new AggregateError([error, ...failures], "The transaction failed and could not be fully undone");
    }
    throw error;
  }
}
