import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { wantsPage } from "../http/wants-page.js";
import { clearSessionCookie } from "../session/cookie.js";
import { strategyOf } from "../session/strategy.js";
import { forAccountChange, refusedChange } from "./account-change.js";
import { DELETE_CONFIRMATION } from "./form-limits.js";
import { factorStoreOf } from "../config/user-factors.js";
import { accountsOf } from "./ways-in.js";

/**
 * `POST /account/delete` with `confirm: "DELETE"` (the page's "I understand" checkbox; recent sign-in): unlinks every
 * account, deletes every passkey and factor, ends every session, then deletes the user; the session cookie is cleared
 * and `deleteUser` fires. Without the confirmation: 400, or the account page saying to tick the box.
 */
export function deleteAccountRoute(ctx: AuthContext): Promise<Outcome> {
  return forAccountChange(ctx, { recent: true }, async (user) => {
    const { config } = ctx;
    if (ctx.body.confirm !== DELETE_CONFIRMATION)
      return refusedChange(ctx, 400, "ConfirmationRequired", `Confirm the deletion: send \`confirm: "${DELETE_CONFIRMATION}"\`.`);
    const store = storeOf(config);
    // An adapter that cannot list them removes them with the user, as Auth.js's deleteUser does
    for (const account of (await accountsOf(config, user.id)) ?? [])
      await store.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
    if (store.deleteUserAuthenticator && store.provides.listAuthenticatorsByUserId)
      for (const passkey of await store.listAuthenticatorsByUserId(user.id))
        await store.deleteUserAuthenticator(user.id, passkey.credentialID);
    await factorStoreOf(config)?.removeAll(user.id);
    await strategyOf(config).endDeletedUserSessions(config, user.id);
    await store.deleteUser(user.id);
    await emit(config, "deleteUser", { user });
    const cookies = clearSessionCookie(ctx);
    if (wantsPage(ctx)) return redirect(`${ctx.origin}/`, cookies);
    return json({ ok: true }, { headers: noCacheHeaders, cookies });
  });
}
