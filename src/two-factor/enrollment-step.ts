import type { AuthContext } from "../http/context.js";
import { decodeBase32 } from "./base32.js";
import { confirmedTotp } from "./factor-check.js";
import type { PendingSignIn } from "./pending-sign-in.js";
import { sealSeed } from "./seed-cipher.js";
import { matchingStep } from "./totp.js";
import { enrollmentUri, turnTotpOn } from "./totp-on.js";

/*
 * The second-factor step of a user whom `twoFactor.required` names and who had none: the secret sealed in the
 * pending cookie is shown (text and `otpauth://` URI), and its first code turns TOTP on.
 */

/** What the enrollment shows: the secret, base32, and its URI. */
export async function enrollmentOf(ctx: AuthContext, pending: PendingSignIn & { enroll: string }) {
  return { secret: pending.enroll, uri: await enrollmentUri(ctx, pending.enroll, pending.user.id) };
}

/** Why an enrollment code does not count. */
export type EnrollmentRefusal = "TwoFactorCodeInvalid" | "AlreadyEnrolled";

/**
 * Checks `code` against the sealed secret. A user who meanwhile turned a second factor on (in another tab, or
 * anyone with an older copy of this cookie) keeps theirs: this enrollment is stale, and nothing is replaced.
 * `claim` makes the pending sign-in single use before anything is stored.
 */
export async function confirmEnrollment(
  ctx: AuthContext,
  pending: PendingSignIn & { enroll: string },
  code: string,
  claim: () => Promise<boolean>,
): Promise<{ backupCodes: string[] } | { refused: EnrollmentRefusal }> {
  const { config } = ctx;
  const userId = pending.user.id;
  const seed = decodeBase32(pending.enroll);
  const step = seed ? await matchingStep(seed, code, Date.now()) : null;
  if (!seed || step === null) return { refused: "TwoFactorCodeInvalid" };
  if ((await confirmedTotp(config, userId)) || !(await claim())) return { refused: "AlreadyEnrolled" };
  const sealed = await sealSeed(seed, config.secrets, userId);
  return { backupCodes: await turnTotpOn(config, userId, sealed, step) };
}
