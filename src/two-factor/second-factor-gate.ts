import type { SignInGate } from "../flows/sign-in-gate.js";
import { redirect } from "../http/outcome.js";
import { confirmedTotp } from "./factor-check.js";
import { pendingCookie } from "./pending-sign-in.js";

/**
 * After every first factor: a user with a confirmed second factor gets no session yet, but the second-factor step
 * (`{basePath}/two-factor`, or `{ url }` for a script), with the sign-in sealed in a short-lived cookie. A passkey
 * whose authenticator verified the user is two factors already.
 */
export const twoFactorGate: SignInGate = {
  name: "two-factor",
  async hold(ctx, signIn) {
    if (signIn.account.type === "webauthn" && signIn.userVerified) return undefined;
    if (!(await confirmedTotp(ctx.config, signIn.user.id))) return undefined;
    return redirect(`${ctx.baseUrl}/two-factor`, [await pendingCookie(ctx, signIn)]);
  },
};
