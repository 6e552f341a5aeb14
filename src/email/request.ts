import { pageText } from "../messages/locale.js";
import { storeOf } from "../config/store.js";
import { EmailSignInError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import type { OutCookie } from "../http/cookies.js";
import { failingWith, keeping, redirect, type Outcome } from "../http/outcome.js";
import { authUrl, withQuery } from "../http/url.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { randomHex } from "../crypto.js";
import { consume } from "../rate-limit/consume.js";
import { mailboxOf } from "./mailbox.js";
import { checkSignIn } from "../flows/sign-in.js";
import { normalizeIdentifier } from "./identifier.js";
import { issueOtp, otpSettings } from "./otp.js";
import { hashToken } from "./email-token-hash.js";

const defaultMaxAge = 24 * 60 * 60;

export function identifierOf(provider: EmailProviderConfig, input: unknown): string {
  if (!provider.normalizeIdentifier) return normalizeIdentifier(input);
  if (typeof input !== "string") throw new EmailSignInError("An email address is required.");
  try {
    return provider.normalizeIdentifier(input);
  } catch (error) {
    throw new EmailSignInError("The email address was refused.", { err: error as Error });
  }
}

/**
 * `POST /signin/:id` for email: normalize the address, ask the signIn callback, store the token's hash,
 * send the link (and a code, with `otp`), then show "check your email". A failed send leaves no token behind.
 */
export async function emailSignIn(ctx: AuthContext, provider: EmailProviderConfig): Promise<Outcome> {
  const email = identifierOf(provider, ctx.body.email);
  // a code's safety rests on this bound, so it holds even with rate limits off; counted per mailbox, so the
  // spellings that reach one inbox ("+tag", Gmail's dots) cannot flood it from fresh buckets
  if (otpSettings(provider) || ctx.config.rateLimit.enabled) await consume(ctx, "emailRequest", { identifier: mailboxOf(email) });
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () => sendLink(ctx, provider, email, callbackUrl));
}

async function sendLink(ctx: AuthContext, provider: EmailProviderConfig, email: string, callbackUrl: string): Promise<Outcome> {
  const { config } = ctx;
  const existing = await storeOf(config).getUserByEmail(email);
  const user = existing ?? { id: crypto.randomUUID(), email, emailVerified: null };
  const elsewhere = await checkSignIn(ctx, {
    user,
    account: { provider: provider.id, type: "email", providerAccountId: email, userId: user.id },
    email: { verificationRequest: true },
  });
  if (elsewhere) return redirect(elsewhere);

  const token = provider.generateVerificationToken ? await provider.generateVerificationToken() : randomHex(32);
  const secret = provider.secret ?? config.secrets[0];
  const linkHash = await hashToken(token, secret);
  const expires = new Date(Date.now() + (provider.maxAge ?? defaultMaxAge) * 1000);
  await storeOf(config).createVerificationToken({ identifier: email, token: linkHash, expires });
  const settings = otpSettings(provider);
  const issued = settings
    ? await issueOtp(ctx, provider.id, settings, { linkToken: token, linkHash, email, expires })
    : undefined;
  const otp = issued?.code;
  const cookies: OutCookie[] = issued ? [issued.cookie] : [];

  const url = authUrl(ctx, `/callback/${provider.id}`, { callbackUrl, token, email });
  await failingWith(cookies, async () => {
    try {
      const { lang, messages } = await pageText(config, ctx.request);
      await provider.sendVerificationRequest({
        identifier: email,
        url,
        expires,
        provider,
        token,
        otp,
        theme: config.theme,
        request: ctx.request,
        locale: lang,
        messages,
      });
    } catch (error) {
      await storeOf(config).useVerificationToken({ identifier: email, token: linkHash });
      throw new EmailSignInError(`Provider "${provider.id}" could not send the sign-in email.`, {
        err: error as Error,
        provider: provider.id,
      });
    }
  });
  const verify = config.pages.verifyRequest ?? `${ctx.baseUrl}/verify-request`;
  return redirect(withQuery(verify, { provider: provider.id, type: "email", email }), cookies);
}
