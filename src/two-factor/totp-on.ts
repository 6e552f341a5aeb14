import { storeOf } from "../config/store.js";
import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import { backupCodeHash, newBackupCodes, normalizeBackupCode } from "./backup-codes.js";
import { TOTP_ID } from "./factor-check.js";
import { otpauthUri, TOTP_PERIOD } from "./totp.js";

/** The `otpauth://` URI of a new secret for the user: the issuer configured, and their email address (else their id). */
export async function enrollmentUri(ctx: AuthContext, secretBase32: string, userId: string): Promise<string> {
  const { config } = ctx;
  const issuer = config.twoFactor?.issuer ?? config.theme.brandName ?? new URL(ctx.origin).host;
  const user = await storeOf(config).getUser(userId);
  return otpauthUri(secretBase32, issuer, user?.email ?? userId);
}

/** A fresh set of backup codes for the user, replacing every earlier one; the codes in the clear, shown once. */
export async function replaceBackupCodes(config: ResolvedConfig, userId: string): Promise<string[]> {
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
 * Turns TOTP on with a sealed seed whose code of `step` the user just gave (that step counts as taken), with a new
 * set of backup codes; answers the codes, to be shown once.
 */
export async function turnTotpOn(config: ResolvedConfig, userId: string, sealedSeed: string, step: number): Promise<string[]> {
  const now = Date.now();
  await userFactorsOf(config).put({
    userId,
    kind: "totp",
    id: TOTP_ID,
    secret: sealedSeed,
    label: "Authenticator app",
    createdAt: now,
    lastUsedAt: step * TOTP_PERIOD * 1000,
    confirmed: true,
  });
  const backupCodes = await replaceBackupCodes(config, userId);
  await emit(config, "twoFactorEnrolled", { userId, method: "totp" });
  return backupCodes;
}
