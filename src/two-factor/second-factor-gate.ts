import type { SignInGate } from "../flows/sign-in.js";
import type { AuthContext } from "../http/context.js";
import { redirect } from "../http/outcome.js";
import type { User } from "../shared-types.js";
import { encodeBase32 } from "./base32.js";
import { confirmedTotp } from "./factor-check.js";
import { passkeyFor } from "./passkey-step.js";
import { pendingCookie } from "./pending-sign-in.js";
import { isTrustedDevice } from "./trusted-device.js";

/** Whether `twoFactor.required` names the user. */
async function isRequired(ctx: AuthContext, user: User & { id: string }): Promise<boolean> {
  const required = ctx.config.twoFactor?.required ?? false;
  return typeof required === "function" ? (await required(user)) === true : required;
}

/**
 * After every first factor: a user with a confirmed second factor gets no session yet, but the second-factor step
 * (`{basePath}/two-factor`, or `{ url }` for a script), with the sign-in sealed in a short-lived cookie; a browser
 * the user trusted skips it. A user whom `twoFactor.required` names and who has none goes to the same step: to give
 * a passkey they already have (it is their second factor), else to enroll, the new secret sealed in that cookie. A
 * passkey whose authenticator verified the user is two factors.
 */
export const twoFactorGate: SignInGate = {
  name: "two-factor",
  async hold(ctx, signIn) {
    if (signIn.account.type === "webauthn" && signIn.userVerified) return undefined;
    const step = `${ctx.baseUrl}/two-factor`;
    const hasTotp = (await confirmedTotp(ctx.config, signIn.user.id)) !== null;
    if (!hasTotp && !(await isRequired(ctx, signIn.user))) return undefined;
    if (hasTotp || (await passkeyFor(ctx, signIn))) {
      if (await isTrustedDevice(ctx, signIn.user.id)) return undefined;
      return redirect(step, [await pendingCookie(ctx, signIn)]);
    }
    const secret = encodeBase32(crypto.getRandomValues(new Uint8Array(20)));
    return redirect(step, [await pendingCookie(ctx, signIn, secret)]);
  },
};
