/**
 * Session records: where they are kept (chosen once per configuration), what a sign-in or re-issue records, the
 * public session ids, and the revocations each instance reads back to refuse a revoked token.
 */
import type { AuthContext } from "../../http/context.js";
import { clientAddress } from "../../rate-limit/client-ip.js";
import { truncateAddress } from "./address.js";
import { describeUserAgent } from "./user-agent.js";
import { encodeBase64url, decodeBase64url } from "../../crypto.js";
import type { Account, Profile } from "../../shared-types.js";
import type { ResolvedConfig } from "../../config/resolved-config.js";
import type { SessionRecords } from "../../config/store.js";
import type {
  Revocation,
  RevocableToken,
  RevocationView,
  SessionRecordStore,
} from "../../adapters/session-records/session-record-store.js";
import { hasOutlived, sessionStartOf } from "../strategy.js";

/** What a sign-in knows about where the session came from, for revoking it by provider later. */
export interface SignInSource {
  provider?: string;
  providerSid?: string;
  providerSub?: string;
  /** When the user proved who they are (ms), and with which methods. */
  provedAt?: number;
  methods?: string[];
}

/**
 * Records a session at sign-in or re-issue, for the session list and revocation by provider; never on a
 * plain read. The jwt strategy records only in a shared (adapter) store: there is no list without one.
 */
export async function recordSession(
  ctx: AuthContext,
  session: { id: string; userId: string; expires: Date; signIn?: SignInSource },
): Promise<void> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) return;
  const now = Date.now();
  const client = ctx.peer?.request ?? ctx.request;
  await store.save({
    id: session.id,
    userId: session.userId,
    createdAt: now,
    lastActiveAt: now,
    expires: session.expires.getTime(),
    userAgent: describeUserAgent(client.headers.get("user-agent")),
    ip: truncateAddress(await clientAddress(ctx)),
    ...session.signIn,
  });
}

/** At a re-issue the record only moves `lastActiveAt`: a failure is logged, and the session stands. */
export async function recordReissue(ctx: AuthContext, session: { id: string; userId: string; expires: Date }): Promise<void> {
  try {
    await recordSession(ctx, session);
  } catch (error) {
    ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Removes the record of a session that has just ended, so the list shows no ghost of it. The session is refused
 * either way: a failure is logged.
 */
export async function forgetRecord(ctx: AuthContext, id: string): Promise<void> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) return;
  try {
    await store.remove([id]);
  } catch (error) {
    ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}

const sessionIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** A new JWT session id (`sid`): 128 random bits, base64url. */
export function newSessionId(): string {
  return encodeBase64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** A database session's public id: 22 characters of its token's SHA-256, so the token never leaves its cookie. */
export async function databaseSessionId(sessionToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionToken));
  return encodeBase64url(new Uint8Array(digest)).slice(0, 22);
}

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && sessionIdPattern.test(value);
}

/** The `sid` claim of an ID token sekisho has already verified, read without verifying it again. */
function idTokenSid(idToken: unknown): string | undefined {
  if (typeof idToken !== "string") return undefined;
  const payload = decodeBase64url(idToken.split(".")[1] ?? "");
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    const sid = claims && typeof claims === "object" ? (claims as { sid?: unknown }).sid : undefined;
    return typeof sid === "string" ? sid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a sign-in came from: the provider, and for OAuth/OIDC its subject and the ID token's `sid`; with when and
 * how the user proved who they are (`proof.provedAt` in seconds).
 */
export function signInSource(
  account: Account,
  profile: Profile | undefined,
  proof: { provedAt: number; methods: string[] },
): SignInSource {
  const proved = { provedAt: proof.provedAt * 1000, methods: proof.methods };
  if (account.type !== "oauth" && account.type !== "oidc") return { provider: account.provider, ...proved };
  const sid = typeof profile?.sid === "string" ? profile.sid : idTokenSid(account.id_token);
  return { provider: account.provider, providerSub: account.providerAccountId, ...(sid ? { providerSid: sid } : {}), ...proved };
}

/**
 * How far before its last look an instance reads again: revocations are stamped by the clock of the
 * instance that made them, and a transaction can commit a moment after its stamp.
 */
export const revocationOverlapMs = 60_000;

/**
 * An instance's copy of the revocations in `store`, read again at most once per `intervalMs`. Each read asks
 * only for what was recorded since the previous one (less the overlap), and concurrent checks share it.
 */
export function createRevocationView(
  store: SessionRecordStore,
  intervalMs: number,
  now: () => number = Date.now,
): RevocationView {
  const sessions = new Map<string, number>();
  const users = new Map<string, Revocation>();
  let readAt = Number.NEGATIVE_INFINITY;
  let cursor = 0;
  let reading: Promise<void> | undefined;

  function note(revocations: readonly Revocation[]): void {
    for (const revocation of revocations) {
      if (revocation.kind === "session") sessions.set(revocation.key, revocation.expires);
      else if ((users.get(revocation.key)?.revokedAt ?? 0) < revocation.revokedAt) users.set(revocation.key, revocation);
    }
  }

  function forget(at: number): void {
    for (const [sid, expires] of sessions) if (expires <= at) sessions.delete(sid);
    for (const [userId, revocation] of users) if (revocation.expires <= at) users.delete(userId);
  }

  async function read(): Promise<void> {
    const startedAt = now();
    note(await store.revokedSince(cursor));
    forget(startedAt);
    cursor = Math.max(0, startedAt - revocationOverlapMs);
    readAt = startedAt;
  }

  async function fresh(): Promise<void> {
    if (now() - readAt < intervalMs) return;
    reading ??= read().finally(() => {
      reading = undefined;
    });
    await reading;
  }

  return {
    async isRevoked(token) {
      await fresh();
      if (typeof token.sid === "string" && sessions.has(token.sid)) return true;
      const revokedUser = typeof token.sub === "string" ? users.get(token.sub) : undefined;
      if (revokedUser === undefined) return false;
      // By when the session started, not when this token was issued: a re-issue that raced the revocation keeps
      // its session's start. Whole seconds: a session from the second of the revocation counts as started before it.
      const start = sessionStartOf(token);
      return start === undefined || start * 1000 <= revokedUser.revokedAt;
    },
    readNow: read,
    note,
  };
}

/**
 * Where sessions are recorded and revocations kept, with the instance's views of them, chosen once when the
 * configuration was resolved (`config/store.ts`): the adapter's store, shared by every instance, or one in this
 * process alone (`shared: false`).
 */
export function sessionRecordStore(config: ResolvedConfig): SessionRecords {
  return config.sessionRecords;
}

/**
 * The instance's cached view of the revocations in the configuration's store: one per store and check interval,
 * so instances sharing a memo share a view only when they asked for the same delay.
 */
function revocationView(config: ResolvedConfig): RevocationView {
  const { store, views } = config.sessionRecords;
  const intervalMs = config.session.revocationCheckInterval * 1000;
  let view = views.get(intervalMs);
  if (!view) views.set(intervalMs, (view = createRevocationView(store, intervalMs)));
  return view;
}

/** Revocations this instance just recorded reach every view of the store in the memo at once. */
export function noteRevocations(config: ResolvedConfig, revocations: readonly Revocation[]): void {
  for (const view of config.sessionRecords.views.values()) view.note(revocations);
}

async function refusalOf(
  config: ResolvedConfig,
  token: RevocableToken,
  look: (view: RevocationView) => Promise<boolean>,
): Promise<"revoked" | "unknown" | false> {
  if (hasOutlived(config.session, token, Date.now())) return "revoked";
  try {
    return (await look(revocationView(config))) ? "revoked" : false;
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
    return "unknown";
  }
}

/**
 * Whether the instance refuses `token`: "revoked" when its revocation view (at most one check interval old) holds
 * it or its session has passed `session.absoluteMaxAge`, "unknown" when the view cannot be read (logged; callers
 * fail closed), else false.
 */
export function revocationOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, (view) => view.isRevoked(token));
}

/** As `revocationOf`, by the store as it is now: for a re-issue, whose new cookie must not outrun a revocation. */
export function revocationNowOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, async (view) => {
    await view.readNow();
    return view.isRevoked(token);
  });
}
