import { memoryRateLimitStore } from "./rate-limit/memory-rate-limits.js";
import { withRateLimits, type AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import { memorySessionRecordStore } from "./session-records/memory-session-records.js";
import { withSessionRecords, type AdapterSessionRecords } from "./session-records/session-record-store.js";
import { withUserFactors, type AdapterUserFactors } from "./user-factors/factor-store.js";
import { memoryUserFactorStore } from "./user-factors/memory-factors.js";
import { purgeCutoff, type TransactionalAdapter } from "./extensions.js";
import { givenFields, newUser, pairKey } from "./records.js";
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "./adapter-contract.js";
import type { UserFactor } from "./user-factors/factor-store.js";

interface State {
  users: Map<string, AdapterUser>;
  accounts: Map<string, AdapterAccount>;
  sessions: Map<string, AdapterSession>;
  verificationTokens: Map<string, VerificationToken>;
  authenticators: Map<string, AdapterAuthenticator>;
  /** The user-factor store's, here so that detaching a user takes them in the same undoable step. */
  factors: Map<string, UserFactor>;
}

type Undo = () => void;

/**
 * An adapter that keeps everything in this process. Meant for tests and development: the data is
 * gone when the process ends and is not shared between instances. Values are copied on the way in
 * and out, so callers never hold a reference into the store.
 */
export function MemoryAdapter(): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const state: State = {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
    factors: new Map(),
  };
  const tokensOf = (userId: string) =>
    [...state.sessions.values()].filter((session) => session.userId === userId).map((session) => session.sessionToken);
  const adapter = withSessionRecords(withRateLimits(bind(state), memoryRateLimitStore()), memorySessionRecordStore(tokensOf));
  return withUserFactors(adapter, memoryUserFactorStore(Date.now, state.factors));
}

/** With `journal`, every write records how to undo it, so a failed transaction can be rolled back. */
function bind(state: State, journal?: Undo[]): TransactionalAdapter {
  const copy = <T>(value: T): T => structuredClone(value);

  function put<V>(map: Map<string, V>, key: string, value: V): void {
    remember(map, key);
    map.set(key, copy(value));
  }

  function take<V>(map: Map<string, V>, key: string): V | undefined {
    const value = map.get(key);
    remember(map, key);
    map.delete(key);
    return value;
  }

  function remember<V>(map: Map<string, V>, key: string): void {
    if (!journal) return;
    const existed = map.has(key);
    const previous = map.get(key);
    journal.push(() => (existed ? map.set(key, previous as V) : map.delete(key)));
  }

  function keysWhere<V>(map: Map<string, V>, test: (value: V) => boolean): string[] {
    return [...map].filter(([, value]) => test(value)).map(([key]) => key);
  }

  function keysOf<V extends { userId: string }>(map: Map<string, V>, userId: string): string[] {
    return keysWhere(map, (value) => value.userId === userId);
  }

  /** Takes the records that expire before `cutoff`, at most `limit`; returns how many. */
  function takeExpired<V extends { expires: Date }>(map: Map<string, V>, cutoff: Date, limit = Infinity): number {
    const expired = keysWhere(map, (value) => value.expires.getTime() < cutoff.getTime()).slice(0, limit);
    for (const key of expired) take(map, key);
    return expired.length;
  }

  function assertEmailFree(email: string | null | undefined, ownerId?: string): void {
    for (const user of state.users.values()) {
      if (email != null && user.email === email && user.id !== ownerId) {
        throw new Error("A user with this email already exists");
      }
    }
  }

  function assertAbsent(map: Map<string, unknown>, key: string, what: string): void {
    if (map.has(key)) throw new Error(`${what} already exists`);
  }

  const adapter: TransactionalAdapter = {
    async createUser(user) {
      assertEmailFree(user.email);
      const created = newUser(user);
      put(state.users, created.id, created);
      return copy(created);
    },
    async getUser(id) {
      return copy(state.users.get(id) ?? null);
    },
    async getUserByEmail(email) {
      for (const user of state.users.values()) if (user.email === email) return copy(user);
      return null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = state.accounts.get(pairKey(provider, providerAccountId));
      return copy((account && state.users.get(account.userId)) ?? null);
    },
    async updateUser(update) {
      const current = state.users.get(update.id);
      if (!current) throw new Error("updateUser: no user with this id");
      assertEmailFree(update.email, update.id);
      const updated = { ...current, ...givenFields(update) };
      put(state.users, update.id, updated);
      return copy(updated);
    },
    async deleteUser(userId) {
      await adapter.detachUser(userId);
      return take(state.users, userId) ?? null;
    },
    async detachUser(userId) {
      for (const key of keysOf(state.accounts, userId)) take(state.accounts, key);
      for (const key of keysOf(state.sessions, userId)) take(state.sessions, key);
      for (const key of keysOf(state.authenticators, userId)) take(state.authenticators, key);
      for (const key of keysOf(state.factors, userId)) take(state.factors, key);
    },
    async linkAccount(account) {
      const key = pairKey(account.provider, account.providerAccountId);
      assertAbsent(state.accounts, key, "This provider account");
      put(state.accounts, key, account);
      return copy(account);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      return take(state.accounts, pairKey(provider, providerAccountId));
    },
    async getAccount(providerAccountId, provider) {
      return copy(state.accounts.get(pairKey(provider, providerAccountId)) ?? null);
    },
    async getUserAccount(userId, provider) {
      for (const account of state.accounts.values())
        if (account.userId === userId && account.provider === provider) return copy(account);
      return null;
    },
    async listUserAccounts(userId) {
      return keysOf(state.accounts, userId).map((key) => copy(state.accounts.get(key)!));
    },
    async updateAccount(update) {
      const key = pairKey(update.provider, update.providerAccountId);
      const current = state.accounts.get(key);
      if (!current) return null;
      const updated = { ...current, ...givenFields(update) } as AdapterAccount;
      put(state.accounts, key, updated);
      return copy(updated);
    },
    async createSession(session) {
      assertAbsent(state.sessions, session.sessionToken, "This session");
      const created = { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires };
      put(state.sessions, created.sessionToken, created);
      return copy(created);
    },
    async getSessionAndUser(sessionToken) {
      const session = state.sessions.get(sessionToken);
      const user = session && state.users.get(session.userId);
      if (!session || !user) return null;
      const refused = [...state.accounts.values()].find((account) => account.userId === user.id && account.refresh_error);
      return copy({ session, user, ...(refused ? { refreshError: String(refused.refresh_error) } : {}) });
    },
    async updateSession(update) {
      const current = state.sessions.get(update.sessionToken);
      if (!current) return null;
      const updated = { ...current, ...givenFields(update) };
      put(state.sessions, update.sessionToken, updated);
      return copy(updated);
    },
    async deleteSession(sessionToken) {
      return take(state.sessions, sessionToken) ?? null;
    },
    async createVerificationToken(token) {
      const key = pairKey(token.identifier, token.token);
      assertAbsent(state.verificationTokens, key, "This verification token");
      put(state.verificationTokens, key, token);
      return copy(token);
    },
    async useVerificationToken({ identifier, token }) {
      return take(state.verificationTokens, pairKey(identifier, token)) ?? null;
    },
    async createAuthenticator(authenticator) {
      assertAbsent(state.authenticators, authenticator.credentialID, "This authenticator");
      put(state.authenticators, authenticator.credentialID, authenticator);
      return copy(authenticator);
    },
    async getAuthenticator(credentialID) {
      return copy(state.authenticators.get(credentialID) ?? null);
    },
    async listAuthenticatorsByUserId(userId) {
      return keysOf(state.authenticators, userId).map((key) => copy(state.authenticators.get(key)!));
    },
    async deleteUserAuthenticator(userId, credentialID) {
      if (state.authenticators.get(credentialID)?.userId !== userId) return false;
      return take(state.authenticators, credentialID) !== undefined;
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      const current = state.authenticators.get(credentialID);
      if (!current) throw new Error("updateAuthenticatorCounter: no authenticator with this credential ID");
      const updated = { ...current, counter };
      put(state.authenticators, credentialID, updated);
      return copy(updated);
    },
    async purgeExpired(now, limit) {
      const cutoff = purgeCutoff(now, limit);
      return {
        sessions: takeExpired(state.sessions, cutoff, limit),
        verificationTokens: takeExpired(state.verificationTokens, cutoff, limit),
      };
    },
    async transaction(fn) {
      if (journal) return fn(adapter);
      const undo: Undo[] = [];
      try {
        return await fn(bind(state, undo));
      } catch (error) {
        for (const step of undo.reverse()) step();
        throw error;
      }
    },
  };
  return adapter;
}
