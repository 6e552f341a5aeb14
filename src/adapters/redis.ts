import type { Redis } from "ioredis";
import { redisRateLimitStore } from "./rate-limit/redis-rate-limits.js";
import { withRateLimits, type AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import { redisSessionRecordStore } from "./session-records/redis-session-records.js";
import { withSessionRecords, type AdapterSessionRecords } from "./session-records/session-record-store.js";
import { purgeCutoff, type TransactionalAdapter } from "./extensions.js";
import { givenFields, newUser, pairKey } from "./records.js";
import { createJournal, type Journal } from "./redis/journal.js";
import { putRecord, putUser } from "./redis/scripts.js";
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "./adapter-contract.js";
import { withUserFactors, type AdapterUserFactors } from "./user-factors/factor-store.js";
import { redisUserFactorStore } from "./user-factors/redis-factors.js";

export interface RedisAdapterOptions {
  /** Put before every key, so several apps can share one database. Default `"sekisho:"`. */
  prefix?: string;
}

/**
 * The adapter for Redis, over an ioredis client. Records are JSON strings; sessions and
 * verification tokens expire on their own at `expires`, so an expired one reads as absent.
 * Index keys (email to user, user to accounts, sessions and authenticators) make lookups direct
 * and let `deleteUser` remove everything the user owns.
 */
export function RedisAdapter(
  client: Redis,
  options: RedisAdapterOptions = {},
): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const prefix = options.prefix ?? "sekisho:";
  const keys = keysFor(prefix);
  const adapter = withRateLimits(bind(client, keys), redisRateLimitStore(client, prefix));
  const recorded = withSessionRecords(adapter, redisSessionRecordStore(client, prefix, keys.sessionsOf));
  return withUserFactors(recorded, redisUserFactorStore(client, keys.factorsOf));
}

type Keys = ReturnType<typeof keysFor>;

function keysFor(prefix: string) {
  return {
    user: (id: string) => `${prefix}user:${id}`,
    email: (email: string) => `${prefix}email:${email}`,
    accountsOf: (userId: string) => `${prefix}user-accounts:${userId}`,
    /** A hash of the user's accounts whose refresh the provider refused: account name to `refresh_error`. */
    refreshErrorsOf: (userId: string) => `${prefix}user-refresh-errors:${userId}`,
    sessionsOf: (userId: string) => `${prefix}user-sessions:${userId}`,
    authenticatorsOf: (userId: string) => `${prefix}user-authenticators:${userId}`,
    /** A hash of the user's second factors, backup codes, trusted devices and password hash. */
    factorsOf: (userId: string) => `${prefix}user-factors:${userId}`,
    /** Accounts are listed in their user's set by this name. */
    accountName: (provider: string, providerAccountId: string) => pairKey(provider, providerAccountId),
    account: (name: string) => `${prefix}account:${name}`,
    session: (sessionToken: string) => `${prefix}session:${sessionToken}`,
    verificationToken: (identifier: string, token: string) => `${prefix}verification-token:${pairKey(identifier, token)}`,
    authenticator: (credentialID: string) => `${prefix}authenticator:${credentialID}`,
  };
}

/** JSON text back to a record, with its top-level date fields as Dates again. */
function revive<T>(text: string | null, dateFields: readonly string[] = []): T | null {
  if (text === null) return null;
  const record = JSON.parse(text);
  for (const field of dateFields) {
    if (typeof record[field] === "string") record[field] = new Date(record[field]);
  }
  return record as T;
}

const asUser = (text: string | null) => revive<AdapterUser>(text, ["emailVerified"]);
const asSession = (text: string | null) => revive<AdapterSession>(text, ["expires"]);
const asToken = (text: string | null) => revive<VerificationToken>(text, ["expires"]);
const asAccount = (text: string | null) => revive<AdapterAccount>(text);
const asAuthenticator = (text: string | null) => revive<AdapterAuthenticator>(text);

function bind(client: Redis, keys: Keys, journal?: Journal): TransactionalAdapter {
  /** Every write goes through here, so a transaction can record the keys' earlier state. */
  async function writing<T>(touched: string[], write: () => Promise<T>): Promise<T> {
    await journal?.touch(touched);
    return write();
  }

  /** Writes a record listed in `sets`; "NX" creates it, "XX" replaces it. False if it was not as required. */
  async function put(mode: "NX" | "XX", record: string, sets: string[], value: object, member: string, expires?: Date) {
    const written = await writing([record, ...sets], () =>
      client.eval(putRecord, 1 + sets.length, record, ...sets, JSON.stringify(value), expires?.getTime() ?? "", member, mode),
    );
    return written === 1;
  }

  async function insert(record: string, sets: string[], value: object, member: string, expires?: Date) {
    if (!(await put("NX", record, sets, value, member, expires))) throw new Error("A record with this key already exists");
  }

  async function storeUser(user: AdapterUser, previousEmail?: string | null) {
    const own = keys.user(user.id);
    const claim = user.email != null ? keys.email(user.email) : own;
    const release = previousEmail != null ? keys.email(previousEmail) : own;
    const stored = await writing([own, claim, release], () =>
      client.eval(putUser, 3, own, claim, release, JSON.stringify(user), user.id),
    );
    if (stored !== 1) throw new Error("A user with this email already exists");
  }

  async function userById(id: string | undefined) {
    return id === undefined || id === null ? null : asUser(await client.get(keys.user(id)));
  }

  /** The keys of the user's accounts, sessions, authenticators and factors, and of the sets that list them. */
  async function credentialKeys(userId: string) {
    const sets = [keys.accountsOf(userId), keys.sessionsOf(userId), keys.authenticatorsOf(userId)];
    const [accountNames, sessionTokens, credentialIDs] = await Promise.all(sets.map((set) => client.smembers(set)));
    return [
      ...sets,
      keys.refreshErrorsOf(userId),
      keys.factorsOf(userId),
      ...accountNames.map(keys.account),
      ...sessionTokens.map(keys.session),
      ...credentialIDs.map(keys.authenticator),
    ];
  }

  const adapter: TransactionalAdapter = {
    async createUser(user) {
      const created = newUser(user);
      await storeUser(created);
      return created;
    },
    getUser: (id) => userById(id),
    async getUserByEmail(email) {
      return userById((await client.get(keys.email(email))) ?? undefined);
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = asAccount(await client.get(keys.account(keys.accountName(provider, providerAccountId))));
      return userById(account?.userId);
    },
    async updateUser(update) {
      const current = await userById(update.id);
      if (!current) throw new Error("updateUser: no user with this id");
      const updated = { ...current, ...givenFields(update) };
      await storeUser(updated, current.email);
      return updated;
    },
    async deleteUser(userId) {
      const user = await userById(userId);
      const owned = [
        keys.user(userId),
        ...(user?.email != null ? [keys.email(user.email)] : []),
        ...(await credentialKeys(userId)),
      ];
      await writing(owned, () => client.del(...owned));
      return user;
    },
    async detachUser(userId) {
      const owned = await credentialKeys(userId);
      await writing(owned, () => client.del(...owned));
    },
    async linkAccount(account) {
      const name = keys.accountName(account.provider, account.providerAccountId);
      await insert(keys.account(name), [keys.accountsOf(account.userId)], account, name);
      return account;
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const name = keys.accountName(provider, providerAccountId);
      const key = keys.account(name);
      const account = asAccount(await writing([key], () => client.getdel(key)));
      if (!account) return undefined;
      const [set, errors] = [keys.accountsOf(account.userId), keys.refreshErrorsOf(account.userId)];
      await writing([set, errors], () => client.multi().srem(set, name).hdel(errors, name).exec());
      return account;
    },
    async getAccount(providerAccountId, provider) {
      return asAccount(await client.get(keys.account(keys.accountName(provider, providerAccountId))));
    },
    async getUserAccount(userId, provider) {
      for (const name of await client.smembers(keys.accountsOf(userId))) {
        const account = asAccount(await client.get(keys.account(name)));
        if (account?.provider === provider) return account;
      }
      return null;
    },
    async listUserAccounts(userId) {
      const names = await client.smembers(keys.accountsOf(userId));
      if (names.length === 0) return [];
      const found = await client.mget(names.map(keys.account));
      return found.map(asAccount).filter((account): account is AdapterAccount => account !== null);
    },
    async updateAccount(update) {
      const name = keys.accountName(update.provider, update.providerAccountId);
      const key = keys.account(name);
      const current = asAccount(await client.get(key));
      if (!current) return null;
      const updated = Object.fromEntries(
        Object.entries({ ...current, ...givenFields(update) }).filter(([, value]) => value !== null),
      ) as AdapterAccount;
      const errors = keys.refreshErrorsOf(updated.userId);
      const error = updated.refresh_error;
      // XX: an account unlinked meanwhile is not brought back
      await writing([key, errors], () => {
        const write = client.multi().set(key, JSON.stringify(updated), "XX");
        return (typeof error === "string" ? write.hset(errors, name, error) : write.hdel(errors, name)).exec();
      });
      return updated;
    },
    async createSession({ sessionToken, userId, expires }) {
      const session = { sessionToken, userId, expires };
      await insert(keys.session(sessionToken), [keys.sessionsOf(userId)], session, sessionToken, expires);
      return session;
    },
    async getSessionAndUser(sessionToken) {
      const session = asSession(await client.get(keys.session(sessionToken)));
      if (!session) return null;
      const read = await client.multi().get(keys.user(session.userId)).hvals(keys.refreshErrorsOf(session.userId)).exec();
      const [[, userText], [, errors]] = read as [[unknown, string | null], [unknown, string[]]];
      const user = asUser(userText);
      if (!user) return null;
      return errors.length > 0 ? { session, user, refreshError: errors[0] } : { session, user };
    },
    async updateSession(update) {
      const key = keys.session(update.sessionToken);
      const current = asSession(await client.get(key));
      if (!current) return null;
      const updated = { ...current, ...givenFields(update), userId: current.userId };
      const sets = [keys.sessionsOf(updated.userId)];
      return (await put("XX", key, sets, updated, updated.sessionToken, updated.expires)) ? updated : null;
    },
    async deleteSession(sessionToken) {
      const key = keys.session(sessionToken);
      const session = asSession(await writing([key], () => client.getdel(key)));
      if (session) {
        const set = keys.sessionsOf(session.userId);
        await writing([set], () => client.srem(set, sessionToken));
      }
      return session;
    },
    async createVerificationToken(token) {
      await insert(keys.verificationToken(token.identifier, token.token), [], token, "", token.expires);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const key = keys.verificationToken(identifier, token);
      return asToken(await writing([key], () => client.getdel(key)));
    },
    async createAuthenticator(authenticator) {
      const { credentialID, userId } = authenticator;
      await insert(keys.authenticator(credentialID), [keys.authenticatorsOf(userId)], authenticator, credentialID);
      return authenticator;
    },
    async getAuthenticator(credentialID) {
      return asAuthenticator(await client.get(keys.authenticator(credentialID)));
    },
    async listAuthenticatorsByUserId(userId) {
      const credentialIDs = await client.smembers(keys.authenticatorsOf(userId));
      if (credentialIDs.length === 0) return [];
      const found = await client.mget(credentialIDs.map(keys.authenticator));
      return found.map(asAuthenticator).filter((a): a is AdapterAuthenticator => a !== null);
    },
    async deleteUserAuthenticator(userId, credentialID) {
      const [key, set] = [keys.authenticator(credentialID), keys.authenticatorsOf(userId)];
      // only a member of the user's own set is theirs; SREM is the one atomic step two removals race on
      const removed = await writing([set], () => client.srem(set, credentialID));
      if (removed === 0) return false;
      await writing([key], () => client.del(key));
      return true;
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      const key = keys.authenticator(credentialID);
      const current = asAuthenticator(await client.get(key));
      const updated = current && { ...current, counter };
      const stored = updated && (await writing([key], () => client.set(key, JSON.stringify(updated), "XX")));
      if (!stored) throw new Error("updateAuthenticatorCounter: no authenticator with this credential ID");
      return updated;
    },
    async purgeExpired(now, limit) {
      purgeCutoff(now, limit); // refuses an invalid `now` or `limit`, as the other adapters do
      // Sessions and verification tokens are written with PXAT `expires`: Redis deletes each one
      // itself when it expires, so there is never anything left to purge.
      return { sessions: 0, verificationTokens: 0 };
    },
    async transaction(fn) {
      if (journal) return fn(adapter);
      const undo = createJournal(client);
      try {
        return await fn(bind(client, keys, undo));
      } catch (error) {
        await undo.rollback();
        throw error;
      }
    },
  };
  return adapter;
}
