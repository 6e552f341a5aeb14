/**
 * How long a session may live: `maxAge` from its last issue, and never past `absoluteMaxAge` from its sign-in.
 * Under the jwt strategy the sign-in time rides in the token, in sekisho's own claim `authn`; under the database
 * strategy it is the session record's `createdAt`.
 */
import type { ResolvedConfig } from "../config/config-types.js";

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
