import type { AdapterAccount, AdapterUser } from "../adapters/adapter-contract.js";
import type { SessionStrategyRef } from "../config/session-strategy.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import type { Account, JWT, Profile, Session, User } from "../shared-types.js";
import type { SessionRecord } from "../adapters/session-records/session-record-store.js";
import type { AccessTokenResult } from "./provider-tokens/provider-token-types.js";

export interface SessionResult {
  session: Session | null;
  /** The cookie changes to send: the session cookie refreshed or cleared. */
  cookies: OutCookie[];
}

/** Who is signed in: the user's id and the session's public id (a JWT's `sid`, absent in a token minted without one). */
export interface SignedIn {
  userId: string;
  sessionId?: string;
}

/**
 * What RP-initiated logout does to a session, as the OIDC method brings it (`logout/rp-logout.ts`): what a
 * sign-in keeps of the ID token (a claim in a jwt, the account's row under the database strategy), and the hint a
 * sign-out reads back from it (`H`).
 */
export interface SessionLogout<H> {
  claim(config: ResolvedConfig, account: Account): { endSession?: H };
  keepLatestIdToken(config: ResolvedConfig, account: AdapterAccount): Promise<void>;
  tokenHint(token: JWT | null): H | undefined;
  storedHint(ctx: AuthContext, sessionToken: string): Promise<H | undefined>;
}

/** A sign-in the flows have resolved to a user, for the strategy to start its session. */
export interface SessionStart<H> {
  user: User & { id: string };
  account: Account;
  profile?: Profile;
  isNewUser: boolean;
  /** The user the account already belonged to, when it did. */
  known: AdapterUser | null;
  logout?: SessionLogout<H>;
  /** How the user proved who they are: the first factor's provider id, then any second factor. Absent: the provider's id alone. */
  methods?: string[];
  /** When the user proved it (seconds), when the provider says so (an ID token's `auth_time`); absent: now. */
  provedAt?: number;
}

/**
 * When and how the signed-in user last proved who they are: at the session's sign-in, as the provider told it.
 * sekisho's own, read apart from the session, so the reference's `/session` JSON stays as it is.
 */
export interface SignInProof {
  userId: string;
  /** The session's public id (the session list's `id`), when it has one. */
  sessionId?: string;
  /** Seconds since the epoch. */
  provedAt: number;
  /** The first factor's provider id, then any second factor ("totp", "backup-code", "passkey"); empty when unknown. */
  methods: string[];
}

/** The proof a sign-in brings: `start.provedAt`, never later than now, and its methods. */
export function proofOfStart(start: Pick<SessionStart<unknown>, "account" | "methods" | "provedAt">): {
  provedAt: number;
  methods: string[];
} {
  const now = Math.floor(Date.now() / 1000);
  const provedAt = start.provedAt !== undefined && Number.isFinite(start.provedAt) ? Math.min(now, start.provedAt) : now;
  return { provedAt, methods: start.methods ?? [start.account.provider] };
}

/**
 * Where sessions live and how they begin, are read, re-issued and end: in an encrypted cookie (`jwt-strategy.ts`)
 * or in the adapter's database (`database-strategy.ts`). The configuration holds the one `session.strategy` names;
 * routes and flows reach it through `strategyOf`, and none asks which it is. Re-issuing is each strategy's own: a
 * read re-issues when due, and so does a jwt provider-token refresh.
 */
export interface SessionStrategy extends SessionStrategyRef {
  /** The session for this request, or null, and the cookie changes: refreshed when due. */
  read(ctx: AuthContext, update?: { data: unknown }): Promise<SessionResult>;
  /** Who is signed in, read without running callbacks, and the cookie changes: a revoked or unreadable JWT cookie is cleared. */
  current(ctx: AuthContext): Promise<{ signedIn?: SignedIn; cookies: OutCookie[] }>;
  /**
   * As `current`, with when and how the user last proved who they are: from the token under the jwt strategy, the
   * session's record under the database strategy (none without sekisho's session records). Read only when asked.
   */
  proof(ctx: AuthContext): Promise<{ proof?: SignInProof; cookies: OutCookie[] }>;
  /**
   * After the signed-in user's email address changed: the request's session made to show the new one. A jwt token
   * of that user is re-issued with it; a database session reads the user at every request, so it changes nothing.
   */
  emailChanged(ctx: AuthContext, user: { id: string; email: string }): Promise<OutCookie[]>;
  /** Starts the session of a user who just signed in (the jwt callback, or a database row) and returns its cookies. */
  issue<H>(ctx: AuthContext, start: SessionStart<H>): Promise<OutCookie[]>;
  /**
   * Ends the request's session everywhere at sign-out (a jwt `sid` revoked, a database row deleted) and tells the
   * `signOut` event; returns RP-initiated logout's hint, read before the session went, and the cookie changes.
   */
  end<H>(ctx: AuthContext, logout?: SessionLogout<H>): Promise<{ hint?: H; cookies: OutCookie[] }>;
  /** Ends the given recorded sessions, of one user or several; returns how many. */
  endSessions(config: ResolvedConfig, records: readonly SessionRecord[]): Promise<number>;
  /** Ends every session of the user but the one with public id `current`; `records` are the user's recorded ones. */
  endOtherSessions(
    config: ResolvedConfig,
    userId: string,
    current: string | undefined,
    records: readonly SessionRecord[],
  ): Promise<number>;
  /** Ends one session by its public id; true when a session was known and ended. */
  revokeSession(config: ResolvedConfig, sessionId: string): Promise<boolean>;
  /** Signs a user out everywhere; returns how many recorded sessions (jwt) or rows (database) were ended. */
  revokeSessions(config: ResolvedConfig, userId: string): Promise<number>;
  /** When an unverified user is claimed: ends the sessions that removing its accounts and rows does not end. */
  endClaimedSessions(config: ResolvedConfig, userId: string): Promise<void>;
  /** Before a user is deleted: ends the sessions that deleting the user does not end. */
  endDeletedUserSessions(config: ResolvedConfig, userId: string): Promise<void>;
  /** The signed-in user's access token at an OAuth provider, refreshed first when due. */
  accessToken(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<AccessTokenResult>;
}

// The session's lifetime, one rule for both strategies: `maxAge` from its last issue, never past `absoluteMaxAge`
// from its sign-in, re-issued once `updateAge` has passed. Under the jwt strategy the sign-in time rides in the
// token, in sekisho's own claim `authn`; under the database strategy it is the session record's `createdAt`.

/**
 * sekisho's own claim on how the session was made. `startedAt` (seconds, as `iat`): the sign-in that started the
 * session, kept through every re-issue. It leaves room for when and how the user last proved who they are.
 */
export interface Authn {
  startedAt: number;
  /** When the user last proved who they are (seconds): the sign-in, or a later recent sign-in or second factor. */
  provedAt?: number;
  /** With which methods: the first factor's provider id, then any second factor ("totp", "backup-code", "passkey"). */
  methods?: string[];
}

/** A token's `authn` claim when it is one sekisho wrote, else undefined (a token minted without it). */
export function authnOf(claim: unknown): Authn | undefined {
  return claim && typeof claim === "object" && typeof (claim as Partial<Authn>).startedAt === "number"
    ? (claim as Authn)
    : undefined;
}

/** When the token's session started, in seconds: its `authn.startedAt`, or for a token minted without it, its `iat`. */
export function sessionStartOf(token: { authn?: unknown; iat?: unknown }): number | undefined {
  const startedAt = authnOf(token.authn)?.startedAt;
  if (startedAt !== undefined) return startedAt;
  return typeof token.iat === "number" ? token.iat : undefined;
}

/** When a session started at `startMs` and issued at `nowMs` expires (ms): one `maxAge` on, capped by the absolute lifetime. */
export function sessionEnd(session: ResolvedConfig["session"], maxAge: number, startMs: number, nowMs: number): number {
  return Math.min(nowMs + maxAge * 1000, startMs + session.absoluteMaxAge * 1000);
}

/** Whether a jwt session has passed its absolute lifetime (a token from before `absoluteMaxAge` was lowered, say). */
export function hasOutlived(
  session: ResolvedConfig["session"],
  token: { authn?: unknown; iat?: unknown },
  nowMs: number,
): boolean {
  const start = sessionStartOf(token);
  return start !== undefined && nowMs >= (start + session.absoluteMaxAge) * 1000;
}

/**
 * The one updateAge rule of both strategies: a session issued at `issuedAtMs` is re-issued (jwt) or has its
 * expiry moved (database) once `updateAge` seconds have passed since then, and not before.
 */
export function isDueForUpdate(session: ResolvedConfig["session"], issuedAtMs: number, nowMs: number): boolean {
  return nowMs - issuedAtMs >= session.updateAge * 1000;
}

/** The configured session strategy. `createAuth` hands `resolveConfig` only `SessionStrategy` objects. */
export function strategyOf(config: ResolvedConfig): SessionStrategy {
  return config.strategy as SessionStrategy;
}

/** The id of the signed-in user, read without running callbacks (used for account linking), and the cookie changes. */
export async function currentUserId(ctx: AuthContext): Promise<{ userId?: string; cookies: OutCookie[] }> {
  const { signedIn, cookies } = await strategyOf(ctx.config).current(ctx);
  return { userId: signedIn?.userId, cookies };
}
