import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedTwoFactor } from "../config/two-factor-options.js";
import { UnknownAction } from "../errors.js";
import { resumeSignIn } from "../flows/sign-in.js";
import type { AuthContext } from "../http/context.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";
import { json, keeping, noCacheHeaders, page, type Outcome } from "../http/outcome.js";
import { signInExpired } from "../http/sign-in-expired-outcome.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { requireCsrf } from "../routes/guards.js";
import { refuse } from "../routes/sessions-route.js";
import { wantsPage } from "../http/wants-page.js";
import { confirmedTotp, takeBackupCode, takeTotpCode } from "./factor-check.js";
import { claimPendingSignIn, clearPendingCookie, readPendingSignIn, type PendingSignIn } from "./pending-sign-in.js";

/** The `twoFactor` option; an app without it has none of these routes. */
export function twoFactorOf(ctx: AuthContext): ResolvedTwoFactor {
  const options = ctx.config.twoFactor;
  if (!options) throw new UnknownAction("There is no such action.");
  return options;
}

/** The second-factor form, with `error` when a code was refused. */
async function stepPage(ctx: AuthContext, error?: "TwoFactorCodeInvalid"): Promise<Outcome> {
  const form = await csrfTokenForForm(ctx);
  const slots = { csrfToken: form.token, action: `${ctx.baseUrl}/two-factor`, signinUrl: `${ctx.baseUrl}/signin` };
  return page({ name: "twoFactor", error, slots }, form.cookies);
}

/** The pending sign-in is gone (expired, completed, or never made): sign in again. */
function expired(ctx: AuthContext): Promise<Outcome> {
  return signInExpired(ctx, undefined, [clearPendingCookie(ctx)]);
}

/** `GET /two-factor`: the form for the second factor of the sign-in this browser holds. */
export async function twoFactorPageRoute(ctx: AuthContext): Promise<Outcome> {
  twoFactorOf(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return expired(ctx);
  if (!wantsPage(ctx)) return json({ methods: ["totp", "backup-code"] }, { headers: noCacheHeaders });
  return stepPage(ctx);
}

/**
 * `POST /two-factor` with `code` (TOTP) or `backupCode`, and the CSRF token: completes the held sign-in. Every
 * try counts per user and per address; the pending sign-in completes once, whichever of its racing tries wins.
 */
export async function twoFactorSubmitRoute(ctx: AuthContext): Promise<Outcome> {
  twoFactorOf(ctx);
  await requireCsrf(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return expired(ctx);
  const { code, backupCode } = ctx.body;
  const method =
    typeof code === "string" && code.trim()
      ? "totp"
      : typeof backupCode === "string" && backupCode.trim()
        ? "backup-code"
        : undefined;
  if (!method) return refuse(ctx, 400, "InvalidRequest", "Give the `code` from your authenticator app, or a `backupCode`.");
  const userId = pending.user.id;
  await consume(ctx, "twoFactor", { ip: await clientAddress(ctx), identifier: userId });
  const accepted =
    method === "totp"
      ? await takeCode(ctx, userId, (code as string).trim())
      : await takeBackupCode(ctx.config, userId, backupCode as string);
  if (!accepted) {
    if (wantsPage(ctx)) return stepPage(ctx, "TwoFactorCodeInvalid");
    return json(
      { error: "TwoFactorCodeInvalid", message: "The code is not right, or was used already." },
      { status: 401, headers: noCacheHeaders },
    );
  }
  if (!(await claimPendingSignIn(ctx, pending))) return expired(ctx);
  return keeping([clearPendingCookie(ctx)], () => complete(ctx, pending, method));
}

async function takeCode(ctx: AuthContext, userId: string, code: string): Promise<boolean> {
  const factor = await confirmedTotp(ctx.config, userId);
  return factor !== null && (await takeTotpCode(ctx, factor, code));
}

async function complete(ctx: AuthContext, pending: PendingSignIn, method: "totp" | "backup-code"): Promise<Outcome> {
  const { config } = ctx;
  const firstFactor = pending.account.provider;
  const outcome = await resumeSignIn(ctx, pending, [firstFactor, method]);
  const userId = pending.user.id;
  await emit(config, "twoFactorUsed", { userId, method, firstFactor });
  if (method === "backup-code") {
    const remaining = (await userFactorsOf(config).list(userId, "backup-code")).length;
    await emit(config, "backupCodeUsed", { userId, remaining });
  }
  return outcome;
}
