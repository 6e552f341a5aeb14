import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedTwoFactor } from "../config/two-factor-feature.js";
import { UnknownAction } from "../errors.js";
import { resumeSignIn } from "../flows/sign-in.js";
import { type AuthContext, requireCsrf, csrfTokenForForm } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { json, keeping, noCacheHeaders, page, type Outcome } from "../http/outcome.js";
import { signInExpired } from "../http/sign-in-expired-outcome.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../session/records/sessions-route.js";
import { pageText } from "../messages/locale.js";
import { qrSvg } from "./qr-svg.js";
import { wantsPage } from "../http/wants-page.js";
import { confirmEnrollment, enrollmentOf } from "./enrollment-step.js";
import { confirmedTotp, takeBackupCode, takeTotpCode } from "./factor-check.js";
import { passkeyFor, passkeyOptions, takePasskey } from "./passkey-step.js";
import { claimPendingSignIn, clearPendingCookie, readPendingSignIn, type PendingSignIn } from "./pending-sign-in.js";
import { trustThisDevice } from "./trusted-device.js";

type Method = "totp" | "backup-code" | "passkey";
type Enrolling = PendingSignIn & { enroll: string };

/** The `twoFactor` option; an app without it has none of these routes. */
export function twoFactorOf(ctx: AuthContext): ResolvedTwoFactor {
  const options = ctx.config.twoFactor;
  if (!options) throw new UnknownAction("There is no such action.");
  return options;
}

const isEnrolling = (pending: PendingSignIn): pending is Enrolling => typeof pending.enroll === "string";

/** The second-factor form (or, for a user enrolling, the enrollment form), with `error` when a code was refused. */
async function stepPage(ctx: AuthContext, pending: PendingSignIn, error?: "TwoFactorCodeInvalid"): Promise<Outcome> {
  const form = await csrfTokenForForm(ctx);
  const slots = { csrfToken: form.token, action: `${ctx.baseUrl}/two-factor`, signinUrl: `${ctx.baseUrl}/signin` };
  if (isEnrolling(pending)) {
    const enrollment = await enrollmentOf(ctx, pending);
    const { messages } = await pageText(ctx.config, ctx.request);
    const qr = qrSvg(enrollment.uri, { label: messages.totpEnrollment.qrLabel });
    return page({ name: "twoFactor", error, slots: { ...slots, ...enrollment, qrSvg: qr } }, form.cookies);
  }
  const methods = await methodsOf(ctx, pending);
  const passkeySlots = methods.includes("passkey")
    ? { passkeyOptionsUrl: `${ctx.baseUrl}/two-factor/passkey-options`, webauthnScriptUrl: `${ctx.baseUrl}/webauthn-script` }
    : {};
  const passkeyOnly = !methods.includes("totp");
  return page({ name: "twoFactor", error, passkeyOnly, slots: { ...slots, ...passkeySlots } }, form.cookies);
}

/** The factors the held user can give: their app's code and backup codes when TOTP is on, and their passkey when offered. */
async function methodsOf(ctx: AuthContext, pending: PendingSignIn): Promise<Method[]> {
  const codes = (await confirmedTotp(ctx.config, pending.user.id)) ? (["totp", "backup-code"] as const) : [];
  return [...codes, ...((await passkeyFor(ctx, pending)) ? (["passkey"] as const) : [])];
}

/** The pending sign-in is gone (expired, completed, or never made): sign in again. */
function expired(ctx: AuthContext): Promise<Outcome> {
  return signInExpired(ctx, undefined, [clearPendingCookie(ctx)]);
}

function refused(ctx: AuthContext, pending: PendingSignIn): Promise<Outcome> | Outcome {
  if (wantsPage(ctx)) return stepPage(ctx, pending, "TwoFactorCodeInvalid");
  return json(
    { error: "TwoFactorCodeInvalid", message: "The code is not right, or was used already." },
    { status: 401, headers: noCacheHeaders },
  );
}

/**
 * `GET /two-factor`: the form for the second factor of the sign-in this browser holds. A script gets the methods
 * it may POST, or, for a user enrolling, `{ secret, uri }` to show before POSTing the first `code`.
 */
export async function twoFactorPageRoute(ctx: AuthContext): Promise<Outcome> {
  twoFactorOf(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return expired(ctx);
  if (wantsPage(ctx)) return stepPage(ctx, pending);
  if (isEnrolling(pending)) return json(await enrollmentOf(ctx, pending), { headers: noCacheHeaders });
  return json({ methods: await methodsOf(ctx, pending) }, { headers: noCacheHeaders });
}

/**
 * `GET /two-factor/passkey-options`: the ceremony for a passkey of the held user, when one is offered; each records a
 * challenge, so it counts under the `webauthnOptions` rule, per address and per user.
 */
export async function twoFactorPasskeyOptionsRoute(ctx: AuthContext): Promise<Outcome> {
  twoFactorOf(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return expired(ctx);
  const provider = await passkeyFor(ctx, pending);
  if (!provider) return refuse(ctx, 404, "NoPasskey", "There is no passkey to give for this sign-in.");
  await consume(ctx, "webauthnOptions", { ip: await clientAddress(ctx), identifier: pending.user.id });
  return passkeyOptions(ctx, provider, pending.user.id);
}

/** Which factor the form carries: `code`, `backupCode`, or a passkey's assertion (`action=authenticate` and `data`). */
function givenMethod(body: Record<string, unknown>): Method | undefined {
  const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";
  if (filled(body.code)) return "totp";
  if (filled(body.backupCode)) return "backup-code";
  if (body.action === "authenticate" && filled(body.data)) return "passkey";
  return undefined;
}

/**
 * `POST /two-factor` with `code` (TOTP), `backupCode` or a passkey's assertion, and the CSRF token: completes the
 * held sign-in; `trustDevice=1` also trusts this browser when the app allows it. A user enrolling gives the first
 * `code` of the new secret. Every try counts per user and per address; the pending sign-in completes once,
 * whichever of its racing tries wins.
 */
export async function twoFactorSubmitRoute(ctx: AuthContext): Promise<Outcome> {
  twoFactorOf(ctx);
  await requireCsrf(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return expired(ctx);
  const method = givenMethod(ctx.body);
  if (!method) return refuse(ctx, 400, "InvalidRequest", "Give the `code` from your authenticator app, or a `backupCode`.");
  if (isEnrolling(pending) && method !== "totp")
    return refuse(ctx, 400, "InvalidRequest", "Turn on two-step sign-in first: give the `code` your authenticator app shows.");
  const userId = pending.user.id;
  await consume(ctx, "twoFactor", { ip: await clientAddress(ctx), identifier: userId });
  if (isEnrolling(pending)) return enroll(ctx, pending);
  const { accepted, cookies } = await take(ctx, pending, method);
  if (!accepted) return keeping(cookies, async () => refused(ctx, pending));
  if (!(await claimPendingSignIn(ctx, pending))) return keeping(cookies, () => expired(ctx));
  const trusted = await trustIfAsked(ctx, userId);
  return keeping([...cookies, clearPendingCookie(ctx), ...trusted], () => complete(ctx, pending, method));
}

async function take(
  ctx: AuthContext,
  pending: PendingSignIn,
  method: Method,
): Promise<{ accepted: boolean; cookies: OutCookie[] }> {
  const userId = pending.user.id;
  const { code, backupCode, data } = ctx.body;
  if (method === "passkey") {
    const provider = await passkeyFor(ctx, pending);
    return provider ? takePasskey(ctx, provider, pending, data) : { accepted: false, cookies: [] };
  }
  if (method === "backup-code") return { accepted: await takeBackupCode(ctx.config, userId, backupCode as string), cookies: [] };
  const factor = await confirmedTotp(ctx.config, userId);
  return { accepted: factor !== null && (await takeTotpCode(ctx, factor, (code as string).trim())), cookies: [] };
}

function trustIfAsked(ctx: AuthContext, userId: string): Promise<OutCookie[]> {
  const asked = ctx.body.trustDevice === "1" || ctx.body.trustDevice === "on" || ctx.body.trustDevice === true;
  return asked ? trustThisDevice(ctx, userId) : Promise.resolve([]);
}

async function complete(ctx: AuthContext, pending: PendingSignIn, method: Method): Promise<Outcome> {
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

/**
 * The first code of a required enrollment: TOTP on, then the sign-in completes; the backup codes are shown once, on
 * a page whose link goes on to where the sign-in was going (or with `{ url, backupCodes }` for a script).
 */
async function enroll(ctx: AuthContext, pending: Enrolling): Promise<Outcome> {
  const code = (ctx.body.code as string).trim();
  const result = await confirmEnrollment(ctx, pending, code, () => claimPendingSignIn(ctx, pending));
  if ("refused" in result) return result.refused === "AlreadyEnrolled" ? expired(ctx) : refused(ctx, pending);
  const trusted = await trustIfAsked(ctx, pending.user.id);
  const outcome = await keeping([clearPendingCookie(ctx), ...trusted], () =>
    resumeSignIn(ctx, pending, [pending.account.provider, "totp"]),
  );
  if (outcome.kind !== "redirect") return outcome;
  const { backupCodes } = result;
  if (wantsPage(ctx)) return page({ name: "backupCodes", slots: { codes: backupCodes, doneUrl: outcome.url } }, outcome.cookies);
  return json({ url: outcome.url, backupCodes }, { headers: noCacheHeaders, cookies: outcome.cookies });
}
