import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { counterKey } from "../config/counter-key.js";
import { storeOf } from "../config/store.js";
import { hasExpired } from "../expiry.js";
import { hashToken } from "../email/email-token-hash.js";
import { otpSettings, randomDigits } from "../email/otp.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { openSealedCookie, sealCookieValue } from "../http/sealed-cookie.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import type { EmailChange } from "./email-change-token.js";
import { useVerificationTokenOnce } from "../config/token-use.js";

/*
 * The one-time code beside the link, for providers with `otp`: typed into the browser that asked, so the change it
 * stands for rides in a sealed cookie there, and the code's record is bound to that change and its nonce. Tries
 * count against the new address (`emailCode`) and, `maxAttempts` at most, against the request itself.
 */

type Pending = EmailChange & { nonce: string; expires: number };

const identifierOf = (userId: string) => `email-change-code:${userId}`;

function codeHash(change: Pending, code: string, secret: string): Promise<string> {
  return hashToken(`email-change-code\n${change.userId}\n${change.from ?? ""}\n${change.to}\n${change.nonce}\n${code}`, secret);
}

export function codeCookieName(ctx: AuthContext): string {
  return `${ctx.secure ? "__Secure-" : ""}sekisho.email-change`;
}

function codeCookie(ctx: AuthContext, value: string, maxAge: number): OutCookie {
  const options = { httpOnly: true, sameSite: "lax" as const, path: ctx.config.basePath, secure: ctx.secure, maxAge };
  return { name: codeCookieName(ctx), value, options };
}

/**
 * The code and the cookie that binds it to this browser, when the provider sends codes. Its record is stored only
 * when `stored`: for an address another user has, the browser gets the same cookie, and no code can match it.
 */
export async function issueChangeCode(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  change: EmailChange,
  { expires, stored }: { expires: Date; stored: boolean },
): Promise<{ code: string; cookie: OutCookie } | undefined> {
  const settings = otpSettings(provider);
  if (!settings) return undefined;
  const pending: Pending = { ...change, nonce: crypto.randomUUID(), expires: expires.valueOf() };
  const code = randomDigits(settings.length);
  const token = await codeHash(pending, code, ctx.config.secrets[0]);
  if (stored) await storeOf(ctx.config).createVerificationToken({ identifier: identifierOf(change.userId), token, expires });
  const maxAge = Math.ceil((pending.expires - Date.now()) / 1000);
  const value = await sealCookieValue(ctx, codeCookieName(ctx), { ...pending }, maxAge);
  return { code, cookie: codeCookie(ctx, value, maxAge) };
}

export function clearChangeCode(ctx: AuthContext): OutCookie {
  return codeCookie(ctx, "", 0);
}

async function pendingOf(ctx: AuthContext): Promise<Pending | undefined> {
  let payload: Record<string, unknown> | null | undefined;
  try {
    payload = await openSealedCookie(ctx, codeCookieName(ctx));
  } catch {
    return undefined;
  }
  const { userId, to, from, nonce, expires } = payload ?? {};
  if (typeof userId !== "string" || typeof to !== "string" || typeof nonce !== "string" || typeof expires !== "number")
    return undefined;
  if (from !== null && typeof from !== "string") return undefined;
  return { userId, to, from, nonce, expires };
}

/**
 * One try of the code for `userId`'s change waiting in this browser: the change when the code is right, "wrong" for
 * a wrong code that may be tried again, "invalid" when there is no change waiting or its tries are spent.
 */
export async function takeChangeCode(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  userId: string,
  code: unknown,
): Promise<EmailChange | "wrong" | "invalid"> {
  const settings = otpSettings(provider);
  const pending = await pendingOf(ctx);
  if (!settings || !pending || pending.userId !== userId) return "invalid";
  await consume(ctx, "emailCode", { ip: await clientAddress(ctx), identifier: pending.to });
  const key = await counterKey(ctx.config, "email-change-code", pending.nonce);
  const { count } = await ctx.config.rateLimit.store.increment(key, Math.max(pending.expires - Date.now(), 1000));
  if (count > settings.maxAttempts) return "invalid";
  const typed = typeof code === "string" ? code.trim() : "";
  if (!new RegExp(`^\\d{${settings.length}}$`).test(typed)) return "wrong";
  for (const secret of ctx.config.secrets) {
    const record = { identifier: identifierOf(userId), token: await codeHash(pending, typed, secret) };
    const used = await useVerificationTokenOnce(ctx.config, record);
    if (used) return hasExpired(used.expires) ? "invalid" : { userId, to: pending.to, from: pending.from };
  }
  return "wrong";
}
