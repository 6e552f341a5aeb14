import { emit } from "../config/events.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { refuse } from "../session/records/sessions-route.js";
import { changed, forAccountChange, textField } from "./account-change.js";
import { factorStoreOf } from "../config/user-factors.js";

/**
 * `POST /account/trusted-devices/revoke` with `id`: that device of the user asks for the second factor again. An
 * id that is not one of the user's devices is 404, whoever's it is: the factor store is keyed by the user.
 */
export function revokeTrustedDeviceRoute(ctx: AuthContext): Promise<Outcome> {
  return forAccountChange(ctx, { recent: false }, async (user) => {
    const id = textField(ctx.body.id, 1024);
    if (!id) return refuse(ctx, 400, "InvalidRequest", "Give the `id` of the trusted device to revoke.");
    const revoked = (await factorStoreOf(ctx.config)?.take(user.id, "trusted-device", id)) ?? false;
    if (!revoked) return refuse(ctx, 404, "TrustedDeviceNotFound", "You have no trusted device with this id.");
    await emit(ctx.config, "trustedDeviceRevoked", { userId: user.id, id });
    return changed(ctx, { revoked: { id } });
  });
}
