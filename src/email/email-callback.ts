import { storeOf } from "../config/store.js";
import { hasExpired } from "../expiry.js";
import { Verification } from "../sign-in-errors.js";
import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { keeping, page, type Outcome } from "../http/outcome.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import type { VerificationToken } from "../adapters/adapter-contract.js";
import { clearChecks } from "../http/sealed-cookie.js";
import { finishSignIn } from "../flows/sign-in.js";
import { emailSignInClaims } from "../flows/account.js";
import { identifierOf } from "./request.js";
import { burnOtp, otpSettings, type OtpSettings } from "./otp.js";
import { tryEmailedCode } from "./code-try.js";
import { hashToken } from "./email-token-hash.js";
import { useVerificationTokenOnce } from "../config/token-use.js";

function emailOf(provider: EmailProviderConfig, input: unknown): string {
  try {
    return identifierOf(provider, input);
  } catch {
    throw new Verification("The link's email address is not valid.");
  }
}

/** Consumes the link's token in one step; expiry is checked on the record that single use returned. */
async function useLinkToken(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  email: string,
  token: string,
): Promise<VerificationToken> {
  const secrets = provider.secret ? [provider.secret] : ctx.config.secrets;
  for (const secret of secrets) {
    const used = await useVerificationTokenOnce(ctx.config, { identifier: email, token: await hashToken(token, secret) });
    if (!used) continue;
    if (hasExpired(used.expires)) throw new Verification("The sign-in link has expired.");
    return used;
  }
  throw new Verification("The sign-in link is invalid or was already used.");
}

async function signInWithEmail(ctx: AuthContext, provider: EmailProviderConfig, email: string): Promise<Outcome> {
  const existing = await storeOf(ctx.config).getUserByEmail(email);
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () =>
    finishSignIn(ctx, {
      user: existing ?? { id: crypto.randomUUID(), email, emailVerified: null },
      account: { provider: provider.id, type: "email", providerAccountId: email },
      allowEmailLinking: provider.allowDangerousEmailAccountLinking,
      callbackUrl,
    }),
  );
}

/**
 * `POST /callback/:id` with `code`: one try of the emailed one-time code, from the browser that asked for it.
 * Every try counts against the address, whichever request it belongs to; only the address's latest code
 * works; and the sign-in request's own record must still be there, for the address the code was sent to.
 */
async function codeCallback(ctx: AuthContext, provider: EmailProviderConfig): Promise<Outcome> {
  const settings = otpSettings(provider);
  if (!settings) throw new Verification("This provider does not send codes.");
  return keeping(clearChecks(ctx, ["emailOtp"]), () => tryCode(ctx, provider, settings));
}

async function tryCode(ctx: AuthContext, provider: EmailProviderConfig, settings: OtpSettings): Promise<Outcome> {
  const tried = await tryEmailedCode(ctx, settings, { providerId: provider.id, addressOf: (input) => emailOf(provider, input) });
  if ("retry" in tried) return tried.retry;
  const { request } = tried;
  const link = await useVerificationTokenOnce(ctx.config, { identifier: request.email, token: request.linkHash });
  if (!link || hasExpired(link.expires)) throw new Verification("The code's sign-in request was already used or has expired.");
  return signInWithEmail(ctx, provider, request.email);
}

/** The page a GET of the link opens instead of signing in: a button whose POST (CSRF-checked) uses the token. */
async function confirmationPage(ctx: AuthContext, provider: EmailProviderConfig, token: string, email: string): Promise<Outcome> {
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  const form = await csrfTokenForForm(ctx);
  const slots = { actionUrl: `${ctx.baseUrl}/callback/${provider.id}`, token, email, callbackUrl, csrfToken: form.token };
  return page({ name: "emailConfirm", slots }, [...cookies, ...form.cookies]);
}

/**
 * `GET|POST /callback/:id` for email. A GET only shows a button, and its POST consumes the token, when
 * following the link would claim an unverified user (a GET alone, which mail scanners make, never removes
 * anything), and for every link with `confirm` (so scanners do not burn links either).
 */
export async function emailCallback(ctx: AuthContext, provider: EmailProviderConfig): Promise<Outcome> {
  const post = ctx.request.method === "POST";
  if (post && ctx.body.code !== undefined) return codeCallback(ctx, provider);
  const input = post ? ctx.body : ctx.query;
  if (typeof input.token !== "string" || !input.token) throw new Verification("The sign-in link has no token.");
  const email = emailOf(provider, input.email);
  const token = input.token;
  if (!post && provider.confirm) return confirmationPage(ctx, provider, token, email);
  if (!post) {
    const { claims, cookies } = await emailSignInClaims(ctx, email);
    if (claims) return keeping(cookies, () => confirmationPage(ctx, provider, token, email));
  }
  await useLinkToken(ctx, provider, email, token);
  const settings = otpSettings(provider);
  if (settings) await burnOtp(ctx, token, settings.maxAttempts);
  return signInWithEmail(ctx, provider, email);
}
