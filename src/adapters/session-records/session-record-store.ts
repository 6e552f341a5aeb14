/**
 * What sekisho keeps about each session beyond its cookie, for the session list and for revocation.
 * Times are milliseconds since the epoch.
 */
export interface SessionRecord {
  /** The public session id: the JWT's `sid`, or a digest of a database session's token. Never the token. */
  id: string;
  userId: string;
  createdAt: number;
  /** When the session was last re-issued: it moves at `updateAge` granularity, never on a plain read. */
  lastActiveAt: number;
  expires: number;
  /** A short description, e.g. "Firefox on Linux". */
  userAgent?: string;
  /** The client address, truncated, e.g. "203.0.113.x". */
  ip?: string;
  /** The provider id used to sign in. */
  provider?: string;
  /** The ID token's `sid` claim, when the provider sent one. */
  providerSid?: string;
  /** The ID token's `sub`, which is the account's providerAccountId. */
  providerSub?: string;
  /** When the user last proved who they are in this session (a sign-in, a step-up, a second factor). */
  provedAt?: number;
  /** With which methods: the first factor's provider id, then any second factor ("totp", "backup-code", "passkey"). */
  methods?: string[];
}

/**
 * A revoked JWT session: one session by its `sid`, or every session of a user issued before `revokedAt`.
 * Kept until `expires`, when every token it could refuse has expired on its own.
 */
export interface Revocation {
  kind: "session" | "user";
  /** The sid, or the user id. */
  key: string;
  revokedAt: number;
  expires: number;
}

export interface SessionRecordStore {
  /**
   * Creates the record, or moves an existing one's `lastActiveAt`, `expires`, `userAgent` and `ip`, and its
   * `provedAt` and `methods` when given (a step-up gives them; a plain re-issue does not, and keeps the proof).
   */
  save(record: SessionRecord): Promise<void>;
  /** The user's unexpired records, oldest first. */
  list(userId: string): Promise<SessionRecord[]>;
  find(id: string): Promise<SessionRecord | null>;
  /** Unexpired records from a provider: by its `sid` when given, else by subject. */
  findByProvider(query: { provider: string; sid?: string; sub?: string }): Promise<SessionRecord[]>;
  remove(ids: readonly string[]): Promise<void>;
  /** Records revocations; a second one for the same key replaces the first. */
  revoke(revocations: readonly Revocation[]): Promise<void>;
  /** Unexpired revocations recorded at or after `since`: all of them from 0. */
  revokedSince(since: number): Promise<Revocation[]>;
  /** Database strategy: the tokens of the user's rows in the adapter's sessions table. */
  sessionTokens(userId: string): Promise<string[]>;
}

/** What the revocation check needs of a session token. */
export interface RevocableToken {
  sid?: unknown;
  sub?: unknown;
  iat?: unknown;
  authn?: unknown;
}

export interface RevocationView {
  /** Whether the token is revoked, by the view at most one interval old. Rejects when the store cannot be read. */
  isRevoked(token: RevocableToken): Promise<boolean>;
  /**
   * Reads the store now, in a read of its own that starts after the call: what was recorded before it is seen.
   * Rejects when the store cannot be read.
   */
  readNow(): Promise<void>;
  /** Adds revocations this instance just recorded, so it refuses them at once. */
  note(revocations: readonly Revocation[]): void;
}

/** sekisho's own adapters carry a store on their database. A type, not an interface: adapters stay assignable to records. */
export type AdapterSessionRecords = { sessionRecords: SessionRecordStore };

export function withSessionRecords<A extends object>(adapter: A, sessionRecords: SessionRecordStore): A & AdapterSessionRecords {
  return Object.assign(adapter, { sessionRecords });
}

export function adapterSessionRecords(adapter: unknown): SessionRecordStore | undefined {
  const store = (adapter as Partial<AdapterSessionRecords> | undefined)?.sessionRecords;
  return store && typeof store.save === "function" && typeof store.revokedSince === "function" ? store : undefined;
}
