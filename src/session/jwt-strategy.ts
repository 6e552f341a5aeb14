import { AccessDenied } from "../sign-in-errors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { Revocation, SessionRecord } from "../adapters/session-records/session-record-store.js";
import type { JWT, Account } from "../shared-types.js";
import { emit } from "../config/events.js";
import { CLOCK_TOLERANCE } from "./jwt-codec.js";
import {
  currentJwtSession,
  issueToken,
  jwtProof,
  readJwtSession,
  readToken,
  reissueToken,
  withOwnClaims,
} from "./jwt-session.js";
import { noteRevocations, sessionRecordStore, isSessionId, newSessionId, signInSource } from "./records/record.js";
import { proofOfStart, type SessionStrategy } from "./strategy.js";
import type { AuthContext } from "../http/context.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { clearSessionCookie } from "./cookie.js";
import { isDue, renew } from "./provider-tokens/renew.js";
import {
  REFRESH_TOKEN_ERROR,
  accessTokenOf,
  freshTokens,
  type AccessTokenResult,
  type StoredTokens,
} from "./provider-tokens/provider-token-types.js";

// Provider tokens: those of providers with `storeTokensInSession` ride in the encrypted session, in the
// `providerTokens` claim keyed by provider id. A refresh re-issues the session cookie.

function claimOf(token: JWT): Record<string, StoredTokens> {
  const claim = token.providerTokens;
  return claim && typeof claim === "object" ? (claim as Record<string, StoredTokens>) : {};
}

/** The claim a session signed in with `account` starts with; none unless its provider stores tokens in the session. */
export function providerTokensClaim(config: ResolvedConfig, account: Account): { providerTokens?: Record<string, StoredTokens> } {
  const provider = config.providers.find((p) => p.id === account.provider);
  if (provider?.type !== "oauth" && provider?.type !== "oidc") return {};
  if (provider.storeTokensInSession !== true || typeof account.access_token !== "string") return {};
  return { providerTokens: { [account.provider]: freshTokens(account) } };
}

export async function jwtAccessToken(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<AccessTokenResult> {
  const { token, cookies } = await readToken(ctx);
  const tokens = token && claimOf(token)[provider.id];
  if (!token || !tokens) return { token: null, cookies };
  if (!isDue(provider, tokens)) return { token: accessTokenOf(tokens), cookies: [] };
  const refreshToken = tokens.refresh_token;
  if (typeof refreshToken !== "string") return { token: null, cookies: [] };
  const renewal = await renew(ctx.config, provider, { ...tokens, refresh_token: refreshToken }, { save: async () => {} });
  const { [provider.id]: _replaced, ...others } = claimOf(token);
  const refused = "refused" in renewal;
  const issued = await reissueToken(
    ctx,
    refused
      ? { ...token, providerTokens: others, error: REFRESH_TOKEN_ERROR }
      : { ...token, providerTokens: { ...others, [provider.id]: renewal.tokens } },
  );
  if ("refused" in issued) return { token: null, cookies: issued.refused === "revoked" ? clearSessionCookie(ctx) : [] };
  return { token: refused ? null : accessTokenOf(renewal.tokens), cookies: issued.cookies };
}

/**
 * Beyond a token's decoding window, for clocks of instances that disagree and a revocation whose write commits a
 * while after its stamp (a re-issue that raced it may have been issued then).
 */
const revocationMarginMs = 5 * 60_000;

/**
 * How long a revocation stamped now is kept: until every token it refuses has stopped decoding. A token re-issued a
 * moment before lives one `jwt.maxAge`, and decodes `CLOCK_TOLERANCE` seconds past its expiry; a revocation
 * forgotten sooner lets that token be re-issued for a full `maxAge` again.
 */
function revocationLifetimeMs(config: ResolvedConfig): number {
  return (config.jwt.maxAge + CLOCK_TOLERANCE) * 1000 + revocationMarginMs;
}

function revocation(config: ResolvedConfig, kind: Revocation["kind"], key: string): Revocation {
  const revokedAt = Date.now();
  return { kind, key, revokedAt, expires: revokedAt + revocationLifetimeMs(config) };
}

async function recordRevocations(config: ResolvedConfig, revocations: Revocation[]): Promise<void> {
  if (revocations.length === 0) return;
  await sessionRecordStore(config).store.revoke(revocations);
  noteRevocations(config, revocations);
}

/** Refuses the recorded sessions' ids everywhere and removes their records. */
async function endSessions(config: ResolvedConfig, records: readonly SessionRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  await recordRevocations(
    config,
    records.map((record) => revocation(config, "session", record.id)),
  );
  await sessionRecordStore(config).store.remove(records.map((record) => record.id));
  return records.length;
}

/**
 * The id is refused everywhere within `session.revocationCheckInterval` (at once on this instance), even when no
 * record of it exists.
 */
async function revokeSession(config: ResolvedConfig, sessionId: string): Promise<boolean> {
  const { store } = sessionRecordStore(config);
  const record = await store.find(sessionId);
  await recordRevocations(config, [revocation(config, "session", sessionId)]);
  if (record) await store.remove([sessionId]);
  return record !== null;
}

/**
 * Sessions in an encrypted cookie: the token is the session, re-issued as it is read, and ended by revoking its
 * `sid` (or, for all of a user's sessions, every token issued until now), since a copy of the cookie stays valid.
 */
export const jwtStrategy: SessionStrategy = {
  name: "jwt",
  adapterMethods: () => [],
  issueMaxAge: (maxAges) => maxAges.jwt,
  knowsSignInTime: () => true,
  reachesProviderTokens: () => true,
  read: readJwtSession,
  current: currentJwtSession,
  proof: jwtProof,
  async emailChanged(ctx, user) {
    const { token } = await readToken(ctx);
    if (token?.sub !== user.id) return [];
    const issued = await reissueToken(ctx, { ...token, email: user.email }, token);
    return "refused" in issued ? [] : issued.cookies;
  },
  async issue(ctx, start) {
    const { config } = ctx;
    const { user, account, profile, isNewUser, logout } = start;
    const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() };
    const token = await config.callbacks.jwt({
      token: initial,
      user,
      account,
      profile,
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    if (!token) throw new AccessDenied("The jwt callback returned null at sign-in.");
    // the own claims join after the callback: it sees the reference's token shape, and cannot set or drop them
    const own = { sid: newSessionId(), ...logout?.claim(config, account), ...providerTokensClaim(config, account) };
    const proof = proofOfStart(start);
    return (await issueToken(ctx, withOwnClaims(token, own), signInSource(account, profile, proof), proof)).cookies;
  },
  async end(ctx, logout) {
    const { config } = ctx;
    const { token, cookies, unchecked } = await readToken(ctx);
    const hint = logout?.tokenHint(token);
    // the cookie is the session: a copy of it elsewhere must end too, even while the revocations cannot be read
    const sid = (token ?? unchecked)?.sid;
    if (typeof sid === "string" && isSessionId(sid)) await revokeSession(config, sid);
    await emit(config, "signOut", { token });
    return { hint, cookies };
  },
  endSessions,
  // the recorded ones: a token without a `sid` has nothing to revoke it by but `revokeSessions`
  endOtherSessions: (config, _userId, current, records) =>
    endSessions(
      config,
      records.filter((record) => record.id !== current),
    ),
  revokeSession,
  // every token of the user issued until now is refused (tokens without a `sid` too, by their issue time), and each recorded session by its id
  async revokeSessions(config, userId) {
    const records = await sessionRecordStore(config).store.list(userId);
    await recordRevocations(config, [revocation(config, "user", userId)]);
    return endSessions(config, records);
  },
  // a cookie naming the user's id would otherwise stay valid
  async endClaimedSessions(config, userId) {
    await endSessions(config, await sessionRecordStore(config).store.list(userId));
  },
  // a cookie naming the deleted user's id would otherwise stay valid until it expires
  async endDeletedUserSessions(config, userId) {
    await jwtStrategy.revokeSessions(config, userId);
  },
  accessToken: jwtAccessToken,
};
