/** Database strategy: the tokens live in the account row, and a refresh writes them back there. */
import { storeOf } from "../../config/store.js";
import type { AccountUpdate } from "../../adapters/extensions.js";
import type { AdapterAccount } from "../../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../../config/resolved-config.js";
import type { AuthContext } from "../../http/context.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import { currentDatabaseSession } from "../database-session.js";
import { findsAccountsByCookie, rememberedAccount } from "./account-cookie.js";
import { warnOnce } from "../../config/warn-once.js";
import { refreshedElsewhere } from "./lease.js";
import { isDue, renew, type Renewal } from "./renew.js";
import {
  REFRESH_TOKEN_ERROR,
  accessTokenOf,
  freshTokens,
  type AccessTokenResult,
  type ProviderAccessToken,
} from "./provider-token-types.js";

/**
 * Account fields only sekisho's adapters keep (migration 0004_account_token_state): a reference adapter may
 * refuse a field its schema lacks, so they never reach it. Without them the margin before expiry is the
 * provider's `accessTokenSkew` alone, and the session does not show a refused refresh.
 */
const ownFields = ["obtained_at", "refresh_error"];

type SessionOf = { userId: string; sessionId: string };

/**
 * The user's account at the provider: through `getUserAccount` where the adapter has it; otherwise (reference
 * adapters) by `getAccount`, for the account the browser's accounts cookie names. The cookie is the browser's,
 * so the account must be the session user's. Without `getAccount` none can be found: a warning, once.
 */
async function findAccount(ctx: AuthContext, session: SessionOf, provider: string): Promise<AdapterAccount | null> {
  const { config } = ctx;
  const store = storeOf(config);
  if (!config.adapter) return null;
  if (store.accountUpdates) return store.accountUpdates.getUserAccount(session.userId, provider);
  if (!findsAccountsByCookie(store)) {
    warnOnce(config.runtime, config.logger, "provider-tokens-unreachable");
    return null;
  }
  return rememberedAccount(ctx, session, provider);
}

/** The fields of `account` a reference adapter is given to link: set ones, without sekisho's own. */
function contractFields(account: Record<string, unknown>): AdapterAccount {
  return Object.fromEntries(
    Object.entries(account).filter(([field, value]) => value !== null && !ownFields.includes(field)),
  ) as AdapterAccount;
}

/**
 * Writes changed fields through `updateAccount`, or for reference adapters by unlinking and linking the row
 * again. A link that fails puts the row back as it was, so that the user keeps the account.
 */
async function updateAccount(config: ResolvedConfig, account: AdapterAccount, changes: AccountUpdate): Promise<void> {
  const store = storeOf(config);
  if (store.accountUpdates) {
    await store.accountUpdates.updateAccount(changes);
    return;
  }
  const { provider, providerAccountId } = account;
  const link = store.linkAccount;
  await store.unlinkAccount({ provider, providerAccountId });
  try {
    await link(contractFields({ ...account, ...changes }));
  } catch (error) {
    try {
      await link(contractFields(account));
    } catch (restore) {
      config.logger.error(restore instanceof Error ? restore : new Error(String(restore)));
    }
    throw error;
  }
}

/** A refused refresh clears the tokens and marks the account, so that the user's sessions carry the error. */
function changesFor(account: AdapterAccount, renewal: Renewal): AccountUpdate {
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  if ("refused" in renewal)
    return {
      ...key,
      access_token: null,
      refresh_token: null,
      expires_at: null,
      obtained_at: null,
      refresh_error: REFRESH_TOKEN_ERROR,
    };
  return { ...key, expires_at: null, ...renewal.tokens, refresh_error: null };
}

/**
 * At a sign-in, the account row takes the tokens just issued, stamped with the time, and loses a refused
 * refresh's mark: the tokens it held may be spent (a rotated refresh token) or revoked. With a reference adapter
 * only an account linked before is rewritten (one just linked holds these tokens already), and only where the
 * adapter has `getAccount` to read the row it relinks. A failure is logged; the sign-in stands.
 */
export async function keepLatestTokens(config: ResolvedConfig, account: AdapterAccount, linkedNow: boolean): Promise<void> {
  const store = storeOf(config);
  if (typeof account.access_token !== "string" || !config.adapter) return;
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const cleared = { access_token: null, refresh_token: null, expires_at: null, scope: null, token_type: null };
  const changes = { ...key, ...cleared, ...freshTokens(account), refresh_error: null };
  try {
    if (store.accountUpdates) {
      await store.accountUpdates.updateAccount(changes);
      return;
    }
    if (linkedNow || !store.provides.getAccount) return;
    const stored = await store.getAccount(account.providerAccountId, account.provider);
    if (stored) await updateAccount(config, stored, changes);
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The database strategy never changes a cookie here: the session row is read, not extended. */
export async function databaseAccessToken(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<AccessTokenResult> {
  return { token: await storedAccessToken(ctx, provider), cookies: [] };
}

async function storedAccessToken(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<ProviderAccessToken | null> {
  const { config } = ctx;
  const { signedIn } = await currentDatabaseSession(ctx);
  if (!signedIn?.sessionId) return null;
  const session = { userId: signedIn.userId, sessionId: signedIn.sessionId };
  const account = await findAccount(ctx, session, provider.id);
  if (!account) return null;
  if (!isDue(provider, account)) return accessTokenOf(account);
  const refreshToken = account.refresh_token;
  if (typeof refreshToken !== "string") return null;
  const renewal = await renew(
    config,
    provider,
    { ...account, refresh_token: refreshToken },
    {
      save: (result) => updateAccount(config, account, changesFor(account, result)),
      elsewhere: () => refreshedElsewhere(config, account, refreshToken, () => findAccount(ctx, session, provider.id)),
    },
  );
  return "refused" in renewal ? null : accessTokenOf(renewal.tokens);
}
