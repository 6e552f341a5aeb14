import type { AdapterAuthenticator, AdapterUser } from "../adapters/adapter-contract.js";
import { emit } from "../config/events.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { storeOf } from "../config/store.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { refuse } from "../session/records/sessions-route.js";
import { changed, forAccountChange, lastWayInMessage, refusedChange, textField } from "./account-change.js";
import { PASSKEY_NAME_MAX } from "./form-limits.js";
import { removeKeepingAWayIn } from "./keep-a-way-in.js";
import { factorStoreOf } from "../config/user-factors.js";
import { accountsOf } from "./ways-in.js";

/** The user's own passkey with credential ID `id`, or null: another user's reads as none. */
async function ownPasskey(config: ResolvedConfig, user: AdapterUser, id: unknown): Promise<AdapterAuthenticator | null> {
  const credentialID = textField(id, 1024);
  if (!credentialID || !storeOf(config).provides.listAuthenticatorsByUserId) return null;
  const passkeys = await storeOf(config).listAuthenticatorsByUserId(user.id);
  return passkeys.find((passkey) => passkey.credentialID === credentialID) ?? null;
}

const notFound = (ctx: AuthContext) => refuse(ctx, 404, "PasskeyNotFound", "You have no passkey with this id.");

/** `POST /account/passkey/rename` with `id` and `name` (trimmed, at most 64 characters): names one of the user's passkeys. */
export function renamePasskeyRoute(ctx: AuthContext): Promise<Outcome> {
  return forAccountChange(ctx, { recent: false }, async (user) => {
    const name = textField(ctx.body.name, PASSKEY_NAME_MAX);
    if (typeof ctx.body.id !== "string" || !name)
      return refuse(
        ctx,
        400,
        "InvalidRequest",
        `Give the passkey's \`id\` and a \`name\` of 1 to ${PASSKEY_NAME_MAX} characters.`,
      );
    const passkey = await ownPasskey(ctx.config, user, ctx.body.id);
    if (!passkey) return notFound(ctx);
    const factors = factorStoreOf(ctx.config);
    if (!factors)
      return refuse(
        ctx,
        400,
        "PasskeyRenameUnavailable",
        "Passkey names are kept in the user-factor store, and this app has none (the `userFactors` option).",
      );
    const kept = await factors.get(user.id, "passkey", passkey.credentialID);
    // createdAt 0: a passkey registered before sekisho kept its times reads as "not known"
    await factors.put({
      ...kept,
      userId: user.id,
      kind: "passkey",
      id: passkey.credentialID,
      secret: "",
      label: name,
      createdAt: kept?.createdAt ?? 0,
      confirmed: true,
    });
    await emit(ctx.config, "passkeyRenamed", { userId: user.id, credentialID: passkey.credentialID, name });
    return changed(ctx, { renamed: { id: passkey.credentialID, name } });
  });
}

/** `POST /account/passkey/remove` with `id` (recent sign-in): removes one of the user's passkeys, never the last way in. */
export function removePasskeyRoute(ctx: AuthContext): Promise<Outcome> {
  return forAccountChange(ctx, { recent: true }, async (user) => {
    const { config } = ctx;
    if (typeof ctx.body.id !== "string") return refuse(ctx, 400, "InvalidRequest", "Give the `id` of the passkey to remove.");
    if (!storeOf(config).deleteUserAuthenticator)
      return refuse(
        ctx,
        400,
        "PasskeyRemovalUnavailable",
        "This app's adapter cannot delete a passkey (it has no deleteUserAuthenticator).",
      );
    const passkey = await ownPasskey(config, user, ctx.body.id);
    if (!passkey) return notFound(ctx);
    const account = (await accountsOf(config, user.id))?.find(
      (linked) => linked.type === "webauthn" && linked.providerAccountId === passkey.providerAccountId,
    );
    const result = await removeKeepingAWayIn(config, user, {
      isWayIn: config.providers.some((provider) => provider.type === "webauthn"),
      async remove(store) {
        await store.deleteUserAuthenticator?.(user.id, passkey.credentialID);
        if (account) await store.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
      },
      async restore(store) {
        if (account) await store.linkAccount(account);
        await store.createAuthenticator(passkey);
      },
    });
    if (result === "lastWayIn") return refusedChange(ctx, 409, "LastWayIn", lastWayInMessage);
    await factorStoreOf(config)?.take(user.id, "passkey", passkey.credentialID);
    await emit(config, "passkeyRemoved", { userId: user.id, credentialID: passkey.credentialID });
    return changed(ctx, { removed: { id: passkey.credentialID } });
  });
}
