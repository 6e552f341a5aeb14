import { storeOf } from "../config/store.js";
import { hasExpired } from "../expiry.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { sha256Hex } from "../crypto.js";
import { counterKey } from "../config/counter-key.js";
import { checkCookie } from "../http/sealed-cookie.js";
import { hashToken } from "./email-token-hash.js";

export interface OtpSettings {
  length: number;
  maxAttempts: number;
}

export function otpSettings(provider: EmailProviderConfig): OtpSettings | undefined {
  if (!provider.otp) return undefined;
  const options = provider.otp === true ? {} : provider.otp;
  return { length: Math.min(Math.max(options.length ?? 6, 6), 10), maxAttempts: Math.max(options.maxAttempts ?? 5, 1) };
}

/** Uniform random digits: bytes at or above the largest multiple of 10 below 256 are drawn again. */
export function randomDigits(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 250 && out.length < length) out += String(byte % 10);
    }
  }
  return out;
}

/** Each request's records are named after the link token, so following the link can burn the code too. */
export async function requestIdOf(linkToken: string): Promise<string> {
  return (await sha256Hex(`sekisho-otp:${linkToken}`)).slice(0, 32);
}

const codeIdentifier = (requestId: string) => `otp:${requestId}`;
const attemptIdentifier = (requestId: string) => `otp-attempt:${requestId}`;

export interface OtpCookieValue {
  requestId: string;
  email: string;
  linkHash: string;
  /** Milliseconds since the epoch. */
  expires: number;
  /** Which of the address's code requests this is; only the latest one's code is accepted. */
  generation: number;
}

/** The store key counting an address's code requests; it lives as long as the latest code. */
const generationKey = (ctx: AuthContext, email: string) => counterKey(ctx.config, "otp-generation", email);

/** The stored form of a code: bound to the address, so a record made for one address never matches another. */
const codeHash = (ctx: AuthContext, email: string, code: string) => hashToken(`${email}\n${code}`, ctx.config.secrets[0]);

/**
 * Whether `request` is the address's latest code request: a newer one ends the codes before it. Counted in
 * this process's memory only (an adapter without a store, and no `rateLimit.store`), another instance may have
 * issued the code, so there is nothing to compare with.
 */
export async function isLatest(ctx: AuthContext, request: OtpCookieValue): Promise<boolean> {
  const { store, memoryFallback } = ctx.config.rateLimit;
  return memoryFallback || (await store.peek(await generationKey(ctx, request.email))) === request.generation;
}

/**
 * Creates the one-time code of a request by mail (an email sign-in, a password sign-up's proof): its hash, one
 * single-use record per allowed try, and a cookie binding it to this browser and `providerId`. It becomes the
 * address's latest request, which ends the earlier codes. Returns the code for the email, and that cookie.
 */
export async function issueOtp(
  ctx: AuthContext,
  providerId: string,
  settings: OtpSettings,
  request: { linkToken: string; linkHash: string; email: string; expires: Date },
): Promise<{ code: string; cookie: OutCookie }> {
  const code = randomDigits(settings.length);
  const requestId = await requestIdOf(request.linkToken);
  const create = storeOf(ctx.config).createVerificationToken;
  await create({
    identifier: codeIdentifier(requestId),
    token: await codeHash(ctx, request.email, code),
    expires: request.expires,
  });
  for (let attempt = 0; attempt < settings.maxAttempts; attempt++) {
    await create({ identifier: attemptIdentifier(requestId), token: String(attempt), expires: request.expires });
  }
  const lifetime = request.expires.valueOf() - Date.now();
  const { count: generation } = await ctx.config.rateLimit.store.increment(
    await generationKey(ctx, request.email),
    lifetime,
    true,
  );
  const value: OtpCookieValue = {
    requestId,
    email: request.email,
    linkHash: request.linkHash,
    expires: request.expires.valueOf(),
    generation,
  };
  const maxAge = Math.ceil(lifetime / 1000);
  return { code, cookie: await checkCookie(ctx, "emailOtp", JSON.stringify(value), providerId, maxAge) };
}

/**
 * Takes one try, and answers how many tries remain after it (the tries are taken in order). Undefined when none
 * was left: the code is then unusable even if guessed.
 */
export async function takeAttempt(ctx: AuthContext, requestId: string, maxAttempts: number): Promise<number | undefined> {
  const use = storeOf(ctx.config).useVerificationToken;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const taken = await use({ identifier: attemptIdentifier(requestId), token: String(attempt) });
    if (taken && !hasExpired(taken.expires)) return maxAttempts - attempt - 1;
  }
  return undefined;
}

/** Consumes the code when it is right for this request and address, and unexpired. */
export async function useCode(ctx: AuthContext, request: OtpCookieValue, code: string): Promise<boolean> {
  const token = await codeHash(ctx, request.email, code);
  const used = await storeOf(ctx.config).useVerificationToken({ identifier: codeIdentifier(request.requestId), token });
  return Boolean(used && !hasExpired(used.expires));
}

/** After the link was used, the code of the same request must not work either. */
export async function burnOtp(ctx: AuthContext, linkToken: string, maxAttempts: number): Promise<void> {
  const requestId = await requestIdOf(linkToken);
  while ((await takeAttempt(ctx, requestId, maxAttempts)) !== undefined);
}
