import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import {
  forSignedInPost as forAnySignedInPost,
  forRecentlySignedInPost as forRecentlySignedIn,
} from "../account/signed-in-post.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../session/records/sessions-route.js";
import { wantsPage } from "../http/wants-page.js";
import type { SignedIn } from "../session/strategy.js";
import { encodeBase32 } from "./base32.js";
import { confirmedTotp, PENDING_TOTP_ID } from "./factor-check.js";
import { backupCodesPage, browserReturn, enrollmentPage, type WaitingEnrollment } from "./enrollment-pages.js";
import { openSeed, sealSeed } from "./seed-cipher.js";
import { twoFactorOf } from "./step-routes.js";
import { matchingStep } from "./totp.js";
import { enrollmentUri, replaceBackupCodes, turnTotpOn } from "./totp-on.js";

/** Minutes an enrollment waits for its first code. */
const ENROLLMENT_LIFETIME = 15 * 60 * 1000;

const noStore = { headers: noCacheHeaders };

/** The account's second-factor routes exist only with the `twoFactor` option. */
function forSignedInPost(ctx: AuthContext, next: (signedIn: SignedIn) => Promise<Outcome>): Promise<Outcome> {
  twoFactorOf(ctx);
  return forAnySignedInPost(ctx, next);
}

function forRecentlySignedInPost(ctx: AuthContext, next: (signedIn: SignedIn) => Promise<Outcome>): Promise<Outcome> {
  twoFactorOf(ctx);
  return forRecentlySignedIn(ctx, next);
}

/** The key of a setup as the user copies it: base32, and the `otpauth://` URI naming the issuer and the account. */
async function waitingEnrollment(ctx: AuthContext, userId: string, seed: Uint8Array): Promise<WaitingEnrollment> {
  const secret = encodeBase32(seed);
  return { secret, uri: await enrollmentUri(ctx, secret, userId) };
}

/** No setup waits for a code (expired, finished in another tab, never started): 404 JSON, or the page to start again. */
function noEnrollment(ctx: AuthContext, returnTo: string | undefined): Promise<Outcome> | Outcome {
  if (wantsPage(ctx)) return enrollmentPage(ctx, returnTo, null, "NoEnrollment");
  return refuse(ctx, 404, "NoEnrollment", "Start again: there is no enrollment waiting for a code.");
}

/**
 * `POST /account/totp`: starts an enrollment: a new secret (20 random bytes), answered once as base32 and as the
 * `otpauth://` URI (for a browser, the enrollment page with its QR code), kept encrypted until the first code
 * confirms it. A user who has TOTP on turns it off first.
 */
export function startTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forSignedInPost(ctx, async ({ userId }) => {
    const { config } = ctx;
    const returnTo = await browserReturn(ctx);
    if (await confirmedTotp(config, userId)) {
      if (wantsPage(ctx)) return enrollmentPage(ctx, returnTo, null, "TwoFactorAlreadyOn");
      return refuse(ctx, 409, "TwoFactorAlreadyOn", "Two-factor sign-in is on already; turn it off first to enroll again.");
    }
    const seed = crypto.getRandomValues(new Uint8Array(20));
    const now = Date.now();
    await userFactorsOf(config).put({
      userId,
      kind: "totp",
      id: PENDING_TOTP_ID,
      secret: await sealSeed(seed, config.secrets, userId),
      createdAt: now,
      expires: now + ENROLLMENT_LIFETIME,
      confirmed: false,
    });
    const waiting = await waitingEnrollment(ctx, userId, seed);
    return wantsPage(ctx) ? enrollmentPage(ctx, returnTo, waiting) : json(waiting, noStore);
  });
}

/**
 * `POST /account/totp/confirm` with `code`: the first code turns TOTP on and gives the backup codes, shown once (for
 * a browser, on a page). A wrong code leaves the same setup waiting: a browser gets its page again, with the message.
 */
export function confirmTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forSignedInPost(ctx, async ({ userId }) => {
    const { config } = ctx;
    const { code } = ctx.body;
    if (typeof code !== "string") return refuse(ctx, 400, "InvalidRequest", "Give the `code` your authenticator app shows.");
    const returnTo = await browserReturn(ctx);
    const store = userFactorsOf(config);
    const enrollment = await store.get(userId, "totp", PENDING_TOTP_ID);
    if (!enrollment) return noEnrollment(ctx, returnTo);
    await consume(ctx, "twoFactor", { ip: await clientAddress(ctx), identifier: userId });
    const seed = await openSeed(enrollment.secret, config.secrets, userId);
    // A key sealed under a secret no longer configured can never be confirmed.
    if (!seed) return noEnrollment(ctx, returnTo);
    const step = await matchingStep(seed, code.trim(), Date.now());
    if (step === null) {
      if (wantsPage(ctx))
        return enrollmentPage(ctx, returnTo, await waitingEnrollment(ctx, userId, seed), "TwoFactorCodeInvalid");
      return refuse(ctx, 401, "TwoFactorCodeInvalid", "The code is not right; try the next one.");
    }
    if (!(await store.take(userId, "totp", PENDING_TOTP_ID))) return noEnrollment(ctx, returnTo);
    const backupCodes = await turnTotpOn(config, userId, enrollment.secret, step);
    return wantsPage(ctx) ? backupCodesPage(ctx, returnTo, backupCodes) : json({ backupCodes }, noStore);
  });
}

/**
 * `POST /account/totp/backup-codes` (recent sign-in): a new set of backup codes (for a browser, on the codes page);
 * the old set stops working.
 */
export function regenerateBackupCodesRoute(ctx: AuthContext): Promise<Outcome> {
  return forRecentlySignedInPost(ctx, async ({ userId }) => {
    const returnTo = await browserReturn(ctx);
    if (!(await confirmedTotp(ctx.config, userId)))
      return refuse(ctx, 404, "TwoFactorOff", "Two-factor sign-in is off: there are no backup codes to renew.");
    const backupCodes = await replaceBackupCodes(ctx.config, userId);
    return wantsPage(ctx) ? backupCodesPage(ctx, returnTo, backupCodes) : json({ backupCodes }, noStore);
  });
}

/** `POST /account/totp/disable` (recent sign-in): TOTP off, its backup codes and every trusted device gone. */
export function disableTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forRecentlySignedInPost(ctx, async ({ userId }) => {
    const store = userFactorsOf(ctx.config);
    const removed = await store.removeAll(userId, "totp");
    await store.removeAll(userId, "backup-code");
    await store.removeAll(userId, "trusted-device");
    if (removed > 0) await emit(ctx.config, "twoFactorDisabled", { userId });
    return json({ disabled: removed > 0 }, noStore);
  });
}
