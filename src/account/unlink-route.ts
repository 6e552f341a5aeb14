import { emit } from "../config/events.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { refuse } from "../session/records/sessions-route.js";
import { changed, forAccountChange, lastWayInMessage, refusedChange, textField } from "./account-change.js";
import { removeKeepingAWayIn } from "./keep-a-way-in.js";
import { accountsOf } from "./ways-in.js";

/**
 * `POST /account/unlink` with `provider`, and `providerAccountId` when the user has several accounts there (recent
 * sign-in): unlinks one of the user's own provider accounts, never the last way in. An account that is not the
 * user's is 404, whoever's it is. Passkeys are removed through `/account/passkey/remove`.
 */
export function unlinkRoute(ctx: AuthContext): Promise<Outcome> {
  return forAccountChange(ctx, { recent: true }, async (user) => {
    const { config } = ctx;
    const provider = textField(ctx.body.provider, 200);
    const providerAccountId = ctx.body.providerAccountId === undefined ? undefined : textField(ctx.body.providerAccountId, 1000);
    if (!provider || (ctx.body.providerAccountId !== undefined && !providerAccountId))
      return refuse(
        ctx,
        400,
        "InvalidRequest",
        "Give the `provider` to unlink, and its `providerAccountId` when you have several.",
      );
    const linked = await accountsOf(config, user.id);
    if (!linked)
      return refuse(
        ctx,
        400,
        "UnlinkUnavailable",
        "This app's adapter cannot list linked accounts, so none can be unlinked here.",
      );
    const candidates = linked.filter(
      (account) =>
        account.provider === provider &&
        account.type !== "webauthn" &&
        (providerAccountId === undefined || account.providerAccountId === providerAccountId),
    );
    if (candidates.length === 0) return refuse(ctx, 404, "AccountNotFound", "You have no such linked account.");
    if (candidates.length > 1)
      return refuse(
        ctx,
        400,
        "InvalidRequest",
        "You have several accounts at this provider: give the `providerAccountId` of one.",
      );
    const [account] = candidates;
    const federated = config.providers.some((p) => p.id === account.provider && (p.type === "oauth" || p.type === "oidc"));
    const result = await removeKeepingAWayIn(config, user, {
      isWayIn: federated,
      remove: async (store) =>
        void (await store.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId })),
      restore: async (store) => void (await store.linkAccount(account)),
    });
    if (result === "lastWayIn") return refusedChange(ctx, 409, "LastWayIn", lastWayInMessage);
    const { type } = account;
    await emit(config, "unlinkAccount", {
      userId: user.id,
      account: { provider, type, providerAccountId: account.providerAccountId },
    });
    return changed(ctx, { unlinked: { provider, providerAccountId: account.providerAccountId } });
  });
}
