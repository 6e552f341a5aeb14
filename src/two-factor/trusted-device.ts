import { emit } from "../config/events.js";
import { userFactorsOf } from "../config/user-factors.js";
import { randomHex, sha256Hex, timingSafeEqual } from "../crypto.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { openSealedCookie, sealCookieValue } from "../http/sealed-cookie.js";
import { describeUserAgent } from "../session/records/user-agent.js";

/*
 * "Don't ask again on this device": a stored `trusted-device` factor (a random id, the hash of a random token, the
 * browser's short description, an expiry) and a sealed cookie holding the user's id, the device's id and the token.
 * The cookie alone proves nothing: the factor must still be stored, unexpired, for that user, with the token's hash.
 * Removing the factor (turning the second factor off) makes every copy of the cookie worthless.
 */

/** The stored digest of a device token: keyed with the app's secret, so a copy of the table forges no cookie. */
function tokenDigest(token: string, secret: string): Promise<string> {
  return sha256Hex(`sekisho-trusted-device:${token}:${secret}`);
}

/** Stores a trusted device for the user (and tells the event) and answers the cookie that names it; nothing when the option is off. */
export async function trustThisDevice(ctx: AuthContext, userId: string): Promise<OutCookie[]> {
  const trust = ctx.config.twoFactor?.trustedDevices;
  if (!trust) return [];
  const id = randomHex(16);
  const token = randomHex(32);
  const now = Date.now();
  const client = ctx.peer?.request ?? ctx.request;
  const label = describeUserAgent(client.headers.get("user-agent"));
  await userFactorsOf(ctx.config).put({
    userId,
    kind: "trusted-device",
    id,
    secret: await tokenDigest(token, ctx.config.secrets[0]),
    label,
    createdAt: now,
    lastUsedAt: now,
    expires: now + trust.maxAge * 1000,
    confirmed: true,
  });
  await emit(ctx.config, "twoFactorDeviceTrusted", { userId, label });
  const { name, options } = ctx.cookies.trustedDevice;
  const value = await sealCookieValue(ctx, name, { userId, id, token }, trust.maxAge);
  return [{ name, value, options: { ...options, maxAge: trust.maxAge } }];
}

/**
 * Whether this browser's trusted-device cookie is a valid, unexpired one of `userId`; a device that passes is
 * touched. Any doubt (no cookie, another user's, forged, forgotten, expired) is false: the second step is asked.
 */
export async function isTrustedDevice(ctx: AuthContext, userId: string): Promise<boolean> {
  if (!ctx.config.twoFactor?.trustedDevices) return false;
  let payload: Record<string, unknown> | null | undefined;
  try {
    payload = await openSealedCookie(ctx, ctx.cookies.trustedDevice.name);
  } catch {
    return false;
  }
  const { userId: owner, id, token } = payload ?? {};
  if (owner !== userId || typeof id !== "string" || typeof token !== "string") return false;
  const store = userFactorsOf(ctx.config);
  const device = await store.get(userId, "trusted-device", id);
  if (!device || (device.expires !== undefined && device.expires <= Date.now())) return false;
  let matches = false;
  for (const secret of ctx.config.secrets) if (timingSafeEqual(await tokenDigest(token, secret), device.secret)) matches = true;
  if (!matches) return false;
  await store.touch(userId, "trusted-device", id, Date.now());
  return true;
}
