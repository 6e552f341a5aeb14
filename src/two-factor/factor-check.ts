import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import { counterKey } from "../config/counter-key.js";
import type { UserFactor } from "../adapters/user-factors/factor-store.js";
import { backupCodeHash, normalizeBackupCode } from "./backup-codes.js";
import { openSeed } from "./seed-cipher.js";
import { matchingStep, TOTP_PERIOD } from "./totp.js";

/** The stored ids of a user's TOTP factor: the confirmed one, and an enrollment waiting for its first code. */
export const TOTP_ID = "totp";
export const PENDING_TOTP_ID = "pending";

/** The user's confirmed TOTP factor, or null. */
export async function confirmedTotp(config: ResolvedConfig, userId: string): Promise<UserFactor | null> {
  const factor = await userFactorsOf(config).get(userId, "totp", TOTP_ID);
  return factor?.confirmed ? factor : null;
}

/**
 * Whether `code` is the factor's current code, taken once: a step at or before the last one accepted is refused,
 * and the step is claimed in the shared counter store, so that of two requests racing one code only one passes.
 */
export async function takeTotpCode(ctx: AuthContext, factor: UserFactor, code: string): Promise<boolean> {
  const seed = await openSeed(factor.secret, ctx.config.secrets, factor.userId);
  if (!seed) return false;
  const now = Date.now();
  const lastStep = factor.lastUsedAt === undefined ? -1 : Math.floor(factor.lastUsedAt / 1000 / TOTP_PERIOD);
  const step = await matchingStep(seed, code, now, lastStep);
  if (step === null) return false;
  const key = await counterKey(ctx.config, "two-factor-step", `${factor.userId}:${factor.id}:${step}`);
  const { count } = await ctx.config.rateLimit.store.increment(key, 4 * TOTP_PERIOD * 1000);
  if (count !== 1) return false;
  await userFactorsOf(ctx.config).touch(factor.userId, "totp", factor.id, step * TOTP_PERIOD * 1000);
  return true;
}

/** Spends one of the user's backup codes: true when `typed` was one, now gone (one atomic delete). */
export async function takeBackupCode(config: ResolvedConfig, userId: string, typed: string): Promise<boolean> {
  const normalized = normalizeBackupCode(typed);
  if (!normalized) return false;
  const store = userFactorsOf(config);
  for (const secret of config.secrets) {
    if (await store.take(userId, "backup-code", await backupCodeHash(normalized, secret))) return true;
  }
  return false;
}
