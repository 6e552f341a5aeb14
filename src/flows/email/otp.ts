import { adapterCall } from "../../adapters/call.js";
import type { AuthContext } from "../../http/context.js";
import type { EmailProviderConfig } from "../../providers/types.js";
import { sha256Hex } from "../../crypto.js";
import { setCheckCookie } from "../checks.js";
import { hashToken } from "./token.js";

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
function randomDigits(length: number): string {
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
}

/**
 * Creates the one-time code of a sign-in request: its hash, one single-use record per allowed try, and a
 * cookie binding it to this browser. Returns the code for the email.
 */
export async function issueOtp(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  settings: OtpSettings,
  request: { linkToken: string; linkHash: string; email: string; expires: Date },
): Promise<string> {
  const code = randomDigits(settings.length);
  const requestId = await requestIdOf(request.linkToken);
  const create = adapterCall(ctx.config, "createVerificationToken");
  const secret = ctx.config.secrets[0];
  await create({ identifier: codeIdentifier(requestId), token: await hashToken(code, secret), expires: request.expires });
  for (let attempt = 0; attempt < settings.maxAttempts; attempt++) {
    await create({ identifier: attemptIdentifier(requestId), token: String(attempt), expires: request.expires });
  }
  const value: OtpCookieValue = { requestId, email: request.email, linkHash: request.linkHash, expires: request.expires.valueOf() };
  const maxAge = Math.ceil((request.expires.valueOf() - Date.now()) / 1000);
  await setCheckCookie(ctx, "emailOtp", JSON.stringify(value), provider.id, maxAge);
  return code;
}

/** Takes one try. False when none is left: the code is then unusable even if guessed. */
export async function takeAttempt(ctx: AuthContext, requestId: string, maxAttempts: number): Promise<boolean> {
  const use = adapterCall(ctx.config, "useVerificationToken");
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const taken = await use({ identifier: attemptIdentifier(requestId), token: String(attempt) });
    if (taken && new Date(taken.expires).valueOf() > Date.now()) return true;
  }
  return false;
}

/** Consumes the code when it is right and unexpired. */
export async function useCode(ctx: AuthContext, requestId: string, code: string): Promise<boolean> {
  const token = await hashToken(code, ctx.config.secrets[0]);
  const used = await adapterCall(ctx.config, "useVerificationToken")({ identifier: codeIdentifier(requestId), token });
  return Boolean(used && new Date(used.expires).valueOf() > Date.now());
}

/** After the link was used, the code of the same request must not work either. */
export async function burnOtp(ctx: AuthContext, linkToken: string, maxAttempts: number): Promise<void> {
  const requestId = await requestIdOf(linkToken);
  while (await takeAttempt(ctx, requestId, maxAttempts));
}
