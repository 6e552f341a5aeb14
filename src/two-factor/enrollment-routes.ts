import { storeOf } from "../config/store.js";
import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/config-types.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../routes/sessions-route.js";
import { recentlySignedInPost, signedInPost } from "../routes/signed-in-post.js";
import type { SignedIn } from "../session/strategy.js";
import { backupCodeHash, newBackupCodes, normalizeBackupCode } from "./backup-codes.js";
import { encodeBase32 } from "./base32.js";
import { confirmedTotp, PENDING_TOTP_ID, TOTP_ID } from "./factor-check.js";
import { openSeed, sealSeed } from "./seed-cipher.js";
import { twoFactorOf } from "./step-routes.js";
import { matchingStep, otpauthUri, TOTP_PERIOD } from "./totp.js";

/** Minutes an enrollment waits for its first code. */
const ENROLLMENT_LIFETIME = 15 * 60 * 1000;

const noStore = { headers: noCacheHeaders };

/** The enrollment routes exist only with the `twoFactor` option. */
function forSignedInPost(ctx: AuthContext, next: (signedIn: SignedIn) => Promise<Outcome>): Promise<Outcome> {
  twoFactorOf(ctx);
  return signedInPost(ctx, next);
}

function forRecentlySignedInPost(ctx: AuthContext, next: (signedIn: SignedIn) => Promise<Outcome>): Promise<Outcome> {
  twoFactorOf(ctx);
  return recentlySignedInPost(ctx, `${ctx.baseUrl}/account`, next);
}

/** The name the authenticator app shows for the account: the user's email address, else their id. */
async function accountName(config: ResolvedConfig, userId: string): Promise<string> {
  const user = await storeOf(config).getUser(userId);
  return user?.email ?? userId;
}

/** A fresh set of backup codes for the user, replacing every earlier one; the codes in the clear, shown once. */
async function replaceBackupCodes(config: ResolvedConfig, userId: string): Promise<string[]> {
  const store = userFactorsOf(config);
  await store.removeAll(userId, "backup-code");
  const codes = newBackupCodes(config.twoFactor?.backupCodes ?? 10);
  const createdAt = Date.now();
  for (const code of codes) {
    const id = await backupCodeHash(normalizeBackupCode(code) as string, config.secrets[0]);
    await store.put({ userId, kind: "backup-code", id, secret: "", createdAt, confirmed: true });
  }
  return codes;
}

/**
 * `POST /account/totp`: starts an enrollment: a new secret (20 random bytes), answered once as base32 and as the
 * `otpauth://` URI, kept encrypted until the first code confirms it. A user who has TOTP on turns it off first.
 */
export function startTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forSignedInPost(ctx, async ({ userId }) => {
    const { config } = ctx;
    if (await confirmedTotp(config, userId))
      return refuse(ctx, 409, "TwoFactorAlreadyOn", "Two-factor sign-in is on already; turn it off first to enroll again.");
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
    const secret = encodeBase32(seed);
    const issuer = config.twoFactor?.issuer ?? config.theme.brandName ?? new URL(ctx.origin).host;
    return json({ secret, uri: otpauthUri(secret, issuer, await accountName(config, userId)) }, noStore);
  });
}

/** `POST /account/totp/confirm` with `code`: the first code turns TOTP on and gives the backup codes, shown once. */
export function confirmTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forSignedInPost(ctx, async ({ userId }) => {
    const { config } = ctx;
    const { code } = ctx.body;
    if (typeof code !== "string") return refuse(ctx, 400, "InvalidRequest", "Give the `code` your authenticator app shows.");
    const store = userFactorsOf(config);
    const enrollment = await store.get(userId, "totp", PENDING_TOTP_ID);
    if (!enrollment) return refuse(ctx, 404, "NoEnrollment", "Start again: there is no enrollment waiting for a code.");
    await consume(ctx, "twoFactor", { ip: await clientAddress(ctx), identifier: userId });
    const seed = await openSeed(enrollment.secret, config.secrets, userId);
    const step = seed ? await matchingStep(seed, code.trim(), Date.now()) : null;
    if (step === null) return refuse(ctx, 401, "TwoFactorCodeInvalid", "The code is not right; try the next one.");
    if (!(await store.take(userId, "totp", PENDING_TOTP_ID)))
      return refuse(ctx, 404, "NoEnrollment", "Start again: there is no enrollment waiting for a code.");
    const now = Date.now();
    await store.put({
      userId,
      kind: "totp",
      id: TOTP_ID,
      secret: enrollment.secret,
      label: "Authenticator app",
      createdAt: now,
      lastUsedAt: step * TOTP_PERIOD * 1000,
      confirmed: true,
    });
    const backupCodes = await replaceBackupCodes(config, userId);
    await emit(config, "twoFactorEnrolled", { userId, method: "totp" });
    return json({ backupCodes }, noStore);
  });
}

/** `POST /account/totp/backup-codes` (recent sign-in): a new set of backup codes; the old set stops working. */
export function regenerateBackupCodesRoute(ctx: AuthContext): Promise<Outcome> {
  return forRecentlySignedInPost(ctx, async ({ userId }) => {
    if (!(await confirmedTotp(ctx.config, userId)))
      return refuse(ctx, 404, "TwoFactorOff", "Two-factor sign-in is off: there are no backup codes to renew.");
    return json({ backupCodes: await replaceBackupCodes(ctx.config, userId) }, noStore);
  });
}

/** `POST /account/totp/disable` (recent sign-in): TOTP off, its backup codes gone. */
export function disableTotpRoute(ctx: AuthContext): Promise<Outcome> {
  return forRecentlySignedInPost(ctx, async ({ userId }) => {
    const store = userFactorsOf(ctx.config);
    const removed = await store.removeAll(userId, "totp");
    await store.removeAll(userId, "backup-code");
    if (removed > 0) await emit(ctx.config, "twoFactorDisabled", { userId });
    return json({ disabled: removed > 0 }, noStore);
  });
}
