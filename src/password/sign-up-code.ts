/**
 * The sign-up's proof by code, beside its link, when the app's email provider sends codes (`otp`): the email
 * sign-in's codes, with their rules and limits (email/otp.ts, code-try.ts), bound to this provider. The
 * code's request is named after the link, so using the link burns the code, and it points at the sign-up's
 * `pending:` factor, so using the code takes the link's factor.
 */
import { Verification } from "../sign-in-errors.js";
import { storeOf } from "../config/store.js";
import { clearChecks } from "../http/sealed-cookie.js";
import { tryEmailedCode } from "../email/code-try.js";
import { issueOtp } from "../email/otp.js";
import type { CodeForm } from "../flows/sign-in-method.js";
import { type AuthContext, requireCsrf } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { keeping, type Outcome } from "../http/outcome.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import type { LinkToken } from "./link-token.js";
import { signUpCodes } from "./password-mail.js";
import type { PasswordProviderConfig } from "./password-provider.js";
import { addressOf } from "./password-sign-in.js";
import { finishProof, takeSignUp } from "./sign-up-proof.js";

/** What the "check your email" page of a sign-up is told, so that it shows the code form. */
export const signUpCodeQuery = { for: "signup" };

/** Where the "check your email" page of a sign-up posts the code, when the sign-up mails carry one. */
export function signUpCodeForm(ctx: AuthContext): CodeForm | undefined {
  if (ctx.query.for !== signUpCodeQuery.for || !signUpCodes(ctx.config)) return undefined;
  return { url: `${ctx.baseUrl}/password/verify`, signsIn: false };
}

/** The sign-up's code and the cookie that binds it to this browser, when codes are on. */
export async function issueSignUpCode(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  request: { link: LinkToken; email: string; expires: Date },
): Promise<{ code: string; cookie: OutCookie } | undefined> {
  const settings = signUpCodes(ctx.config);
  if (!settings) return undefined;
  const { link, email, expires } = request;
  return issueOtp(ctx, provider.id, settings, { linkToken: link.token, linkHash: link.factorId, email, expires });
}

function addressOrRefuse(input: unknown): string {
  const email = addressOf(input);
  if (!email) throw new Verification("The code's email address is not valid.");
  return email;
}

/** `POST /password/verify` with `code` (and `email`), CSRF-checked, from the browser that signed up. */
export async function codeProofRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  await requireCsrf(ctx);
  const settings = signUpCodes(ctx.config);
  if (!settings) throw new Verification("This app's sign-up mails carry no code.");
  await consume(ctx, "emailCode", { ip: await clientAddress(ctx) });
  return keeping(clearChecks(ctx, ["emailOtp"]), async () => {
    const from = { providerId: provider.id, addressOf: addressOrRefuse, verifyQuery: signUpCodeQuery };
    const tried = await tryEmailedCode(ctx, settings, from);
    if ("retry" in tried) return tried.retry;
    const { email, linkHash } = tried.request;
    const user = await storeOf(ctx.config).getUserByEmail(email);
    return finishProof(ctx, provider, user ? await takeSignUp(ctx.config, { userId: user.id, factorId: linkHash }) : undefined);
  });
}
