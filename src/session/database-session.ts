import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { failingWith } from "../http/outcome.js";
import type { Session } from "../shared-types.js";
import { storeOf } from "../config/store.js";
import { clearSessionCookie, databaseSessionCookie, databaseSessionToken, setSessionCookie } from "./cookie.js";
import { emit } from "../config/events.js";
import {
  forgetRecord,
  recordReissue,
  recordSession,
  type SignInSource,
  databaseSessionId,
  sessionRecordStore,
} from "./records/record.js";
import { type SessionResult, type SignedIn, type SignInProof, isDueForUpdate } from "./strategy.js";
import { accountsCookieOf, extendAccountsCookie } from "./provider-tokens/account-cookie.js";
import { extendProofCookie, proofCookieOf, proofFromCookie } from "./sign-in-proof-cookie.js";
import { hasExpired } from "../expiry.js";

/** The session behind a database session cookie. Expired sessions are deleted; the expiry moves at most once per updateAge. */
export async function readDatabaseSession(ctx: AuthContext, update?: { data: unknown }): Promise<SessionResult> {
  const { config } = ctx;
  const cookie = databaseSessionCookie(ctx);
  if (!cookie) return { session: null, cookies: [] };
  const { token: sessionToken, fromNextAuthV4 } = cookie;
  const found = await storeOf(config).getSessionAndUser(sessionToken);
  if (!found) return { session: null, cookies: clearSessionCookie(ctx) };
  const { session: stored, user } = found;
  // sekisho's adapters read, with the session, whether a provider refused to refresh one of the user's accounts
  const refreshError = (found as { refreshError?: unknown }).refreshError;
  const storedExpires = new Date(stored.expires);
  const now = Date.now();
  if (hasExpired(storedExpires, now)) {
    await storeOf(config).deleteSession(sessionToken);
    return { session: null, cookies: clearSessionCookie(ctx) };
  }
  const { maxAge } = config.session;
  let cookies: OutCookie[] = [];
  // the row's expiry was set to maxAge after its last issue
  if (isDueForUpdate(config.session, storedExpires.valueOf() - maxAge * 1000, now)) {
    const id = await databaseSessionId(sessionToken);
    if (await pastAbsoluteEnd(ctx, id, now)) {
      await storeOf(config).deleteSession(sessionToken);
      await forgetRecord(ctx, id);
      return { session: null, cookies: clearSessionCookie(ctx) };
    }
    const expires = new Date(now + maxAge * 1000);
    await storeOf(config).updateSession({ sessionToken, expires });
    await recordReissue(ctx, { id, userId: user.id, expires });
    if (!(await stillThere(ctx, sessionToken, id))) return { session: null, cookies: clearSessionCookie(ctx) };
    cookies = [
      ...setSessionCookie(ctx, sessionToken, expires),
      ...(await extendAccountsCookie(ctx, id, expires)),
      ...(await extendProofCookie(ctx, id, expires)),
    ];
  } else if (fromNextAuthV4) {
    // sekisho's cookie for the same row, at once and without a write: a server component cannot set it, and
    // would otherwise move the row on each of its requests
    cookies = setSessionCookie(ctx, sessionToken, storedExpires);
  }
  return failingWith(cookies, async () => {
    // As @auth/core: the stored row and the full user, with the expiry read before this request moved it.
    const session = (await config.callbacks.session({
      session: { ...stored, expires: storedExpires, user, ...(typeof refreshError === "string" ? { error: refreshError } : {}) },
      user,
      newSession: update?.data,
      ...(update ? { trigger: "update" as const } : {}),
    } as Parameters<typeof config.callbacks.session>[0])) as Session;
    await emit(config, "session", { session } as Parameters<NonNullable<typeof config.events.session>>[0]);
    return { session, cookies };
  });
}

/**
 * Whether the session `id` has passed `session.absoluteMaxAge` since its sign-in, its record's `createdAt` (a session
 * without a record, from before records, counts from `now`). Asked only when its expiry is due to move: the row's
 * expiry stays `maxAge` on, as the reference sets it, since a row cut short of that would be due again on every
 * request. So a session ends at most `updateAge` after its absolute end.
 */
async function pastAbsoluteEnd(ctx: AuthContext, id: string, now: number): Promise<boolean> {
  const { absoluteMaxAge } = ctx.config.session;
  if (absoluteMaxAge === Number.POSITIVE_INFINITY) return false;
  const record = await sessionRecordStore(ctx.config).store.find(id);
  return now >= (record?.createdAt ?? now) + absoluteMaxAge * 1000;
}

/**
 * After an extension moved the session's record: whether its row is still there. A revocation that deleted the row
 * meanwhile (a sign-out of the other sessions) may have removed the records before this one was written; the
 * record then goes, so the list shows no ghost of an ended session. Only with session records: there is no list without.
 */
async function stillThere(ctx: AuthContext, sessionToken: string, id: string): Promise<boolean> {
  if (!sessionRecordStore(ctx.config).shared) return true;
  if (await storeOf(ctx.config).getSessionAndUser(sessionToken)) return true;
  await forgetRecord(ctx, id);
  return false;
}

/**
 * Creates the database session for a user who just signed in and records it; returns the changes that set its
 * cookie, and with a reference adapter the cookie naming the provider account it signed in with.
 */
export async function issueSessionRow(ctx: AuthContext, userId: string, signIn: SignInSource = {}): Promise<OutCookie[]> {
  const { config } = ctx;
  const sessionToken = config.session.generateSessionToken();
  const expires = new Date(Date.now() + config.session.maxAge * 1000);
  await storeOf(config).createSession({ sessionToken, userId, expires });
  const id = await databaseSessionId(sessionToken);
  await recordSession(ctx, { id, userId, expires, signIn });
  const session = { id, userId, expires };
  return [
    ...setSessionCookie(ctx, sessionToken, expires),
    ...(await accountsCookieOf(ctx, session, signIn)),
    ...(await proofCookieOf(ctx, session, signIn)),
  ];
}

/** Who the request's session row names, read without running callbacks. */
export async function currentDatabaseSession(ctx: AuthContext): Promise<{ signedIn?: SignedIn; cookies: OutCookie[] }> {
  const sessionToken = databaseSessionToken(ctx);
  if (!sessionToken) return { cookies: [] };
  const found = await storeOf(ctx.config).getSessionAndUser(sessionToken);
  if (!found || hasExpired(found.session.expires)) return { cookies: [] };
  return { signedIn: { userId: found.user.id, sessionId: await databaseSessionId(sessionToken) }, cookies: [] };
}

/**
 * When and how the session row's user last proved who they are: its record, read only when asked. A record from
 * before proofs were kept counts from its sign-in; without sekisho's session records, the browser's sealed proof of
 * this session (sign-in-proof-cookie.ts).
 */
export async function databaseProof(ctx: AuthContext): Promise<{ proof?: SignInProof; cookies: OutCookie[] }> {
  const { signedIn, cookies } = await currentDatabaseSession(ctx);
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!signedIn?.sessionId) return { cookies };
  if (!shared) {
    const proof = await proofFromCookie(ctx, { userId: signedIn.userId, sessionId: signedIn.sessionId });
    return proof ? { proof, cookies } : { cookies };
  }
  const record = await store.find(signedIn.sessionId);
  if (!record || record.userId !== signedIn.userId) return { cookies };
  const provedAt = Math.floor((record.provedAt ?? record.createdAt) / 1000);
  const methods = record.methods ?? (record.provider ? [record.provider] : []);
  return { proof: { userId: signedIn.userId, sessionId: signedIn.sessionId, provedAt, methods }, cookies };
}
