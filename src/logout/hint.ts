/**
 * Where the ID token for the logout's `id_token_hint` is kept, only for `endSession` providers: in the
 * session JWT's `endSession` claim (jwt strategy), or in the account row, which linkAccount fills and each
 * later sign-in brings up to date (database strategy), found through the session's record or, with a
 * reference adapter, through the accounts cookie.
 */
import { storeOf, type Store } from "../config/store.js";
import type { AdapterAccount } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import { findsAccountsByCookie, rememberedAccount } from "../session/provider-tokens/account-cookie.js";
import { sessionRecordStore, databaseSessionId } from "../session/records/record.js";
import type { Account, JWT } from "../shared-types.js";
import { endSessionProvider, type EndSessionHint } from "./end-session.js";

/** jwt strategy: the claim a session signed in with `account` carries; none unless its provider ends sessions. */
export function endSessionClaim(config: ResolvedConfig, account: Account): { endSession?: EndSessionHint } {
  if (!endSessionProvider(config, account.provider) || typeof account.id_token !== "string") return {};
  return { endSession: { provider: account.provider, idToken: account.id_token } };
}

/** jwt strategy: the hint in a session token, when well formed. */
export function tokenHint(token: JWT | null): EndSessionHint | undefined {
  const claim = token?.endSession as Partial<EndSessionHint> | undefined;
  return typeof claim?.provider === "string" && typeof claim.idToken === "string"
    ? { provider: claim.provider, idToken: claim.idToken }
    : undefined;
}

/**
 * Database strategy: the hint for a session, read before the session is deleted: the provider and subject
 * recorded at sign-in, and that account's stored ID token. A session not recorded (a reference adapter's) is
 * found through the accounts cookie instead. None when its provider does not end sessions.
 */
export async function storedHint(ctx: AuthContext, sessionToken: string): Promise<EndSessionHint | undefined> {
  const { config } = ctx;
  try {
    const sessionId = await databaseSessionId(sessionToken);
    const record = await sessionRecordStore(config).store.find(sessionId);
    if (!record) return await rememberedHint(ctx, sessionId, sessionToken);
    const { provider, providerSub } = record;
    if (!provider || !providerSub || !endSessionProvider(config, provider) || !storeOf(config).provides.getAccount)
      return undefined;
    const account = await storeOf(config).getAccount(providerSub, provider);
    return typeof account?.id_token === "string" ? { provider, idToken: account.id_token } : undefined;
  } catch (error) {
    // the sign-out goes on locally: the session must end even when the store cannot be read
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
    return undefined;
  }
}

/**
 * A reference adapter's session: the first `endSession` provider whose account the accounts cookie names and
 * whose row belongs to the session's user (the cookie is the browser's: it may name another user's account).
 */
async function rememberedHint(ctx: AuthContext, sessionId: string, sessionToken: string): Promise<EndSessionHint | undefined> {
  const { config } = ctx;
  if (!findsAccountsByCookie(storeOf(config))) return undefined;
  const found = await storeOf(config).getSessionAndUser(sessionToken);
  if (!found) return undefined;
  const session = { sessionId, userId: String(found.user.id) };
  for (const { id } of config.providers) {
    if (!endSessionProvider(config, id)) continue;
    const account = await rememberedAccount(ctx, session, id);
    if (typeof account?.id_token === "string") return { provider: id, idToken: account.id_token };
  }
  return undefined;
}

/**
 * Database strategy, at a sign-in with an account already linked: the account row gets the ID token just
 * issued, so the hint names the provider's current session. Through `updateAccount` where the adapter has
 * it, else by linking the row again with the new token (in a transaction where the adapter has them). A failure is logged: the sign-in stands, and a later
 * sign-out sends an older hint.
 */
export async function keepLatestIdToken(config: ResolvedConfig, account: AdapterAccount): Promise<void> {
  if (!endSessionProvider(config, account.provider) || typeof account.id_token !== "string") return;
  const store = storeOf(config);
  try {
    if (store.accountUpdates) {
      await store.accountUpdates.updateAccount({ ...account });
      return;
    }
    if (!store.provides.getAccount || !store.provides.unlinkAccount) return;
    const relink = async (target: Store) => {
      const stored = await target.getAccount(account.providerAccountId, account.provider);
      if (!stored || stored.id_token === account.id_token) return;
      await target.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
      await target.linkAccount({ ...stored, id_token: account.id_token });
    };
    // one unit where the store can: a link that fails after the unlink must not lose the account
    await (store.transaction ? store.transaction(relink) : relink(store));
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}
