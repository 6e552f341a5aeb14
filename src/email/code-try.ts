import type { AuthContext } from "../http/context.js";
import { redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { Verification } from "../sign-in-errors.js";
import { consume } from "../rate-limit/consume.js";
import { checkCookie, useCheckCookie } from "../http/sealed-cookie.js";
import { isLatest, takeAttempt, useCode, type OtpCookieValue, type OtpSettings } from "./otp.js";

/** Where a code's request came from: the provider its cookie is bound to, and how it reads a typed address. */
export interface CodeRequester {
  providerId: string;
  addressOf(input: unknown): string;
  /** What the "check your email" page is told besides the provider and the error, to show the same form again. */
  verifyQuery?: Record<string, string>;
}

/**
 * One try of the emailed one-time code, from the browser that asked for it (its check cookie). Every try counts
 * against the address, whichever request it belongs to; only the address's latest code works. Gives the request
 * the code was right for, or the "check your email" page again, saying how many tries are left.
 */
export async function tryEmailedCode(
  ctx: AuthContext,
  settings: OtpSettings,
  from: CodeRequester,
): Promise<{ request: OtpCookieValue } | { retry: Outcome }> {
  // a JSON body can send anything; what is not text is a wrong code, not a TypeError from String()
  const code = typeof ctx.body.code === "string" ? ctx.body.code.trim() : "";
  const raw = await useCheckCookie(ctx, "emailOtp", from.providerId);
  if (!raw) throw new Verification("There is no code request in this browser.");
  const request = JSON.parse(raw) as OtpCookieValue;
  if (ctx.body.email !== undefined && from.addressOf(ctx.body.email) !== request.email)
    throw new Verification("The code was sent to another address.");
  await consume(ctx, "emailCode", { identifier: request.email });
  const wellFormed = new RegExp(`^\\d{${settings.length}}$`).test(code);
  // A malformed code costs a try like any wrong one, so the page can say how many are left.
  const latest = await isLatest(ctx, request);
  const triesLeft = latest ? await takeAttempt(ctx, request.requestId, settings.maxAttempts) : undefined;
  if (triesLeft !== undefined && wellFormed && (await useCode(ctx, request, code))) return { request };
  const remaining = Math.floor((request.expires - Date.now()) / 1000);
  const again = remaining > 0 ? [await checkCookie(ctx, "emailOtp", raw, from.providerId, remaining)] : [];
  const verify = ctx.config.pages.verifyRequest ?? `${ctx.baseUrl}/verify-request`;
  // A mistyped code still works while tries are left: the page says so, with their number, rather than "ask for a new one".
  const tries = triesLeft ? String(triesLeft) : undefined;
  const query = { provider: from.providerId, type: "email", email: request.email, error: "Verification", tries };
  return { retry: redirect(withQuery(verify, { ...query, ...from.verifyQuery }), again) };
}
