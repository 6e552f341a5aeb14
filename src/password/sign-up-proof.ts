/**
 * The proof of a sign-up's address, by its link or its code: the sign-up's `pending:` factor is taken once, a user
 * no one had proven is claimed, and the sign-up's password becomes the user's.
 */
import type { AdapterUser } from "../adapters/adapter-contract.js";
import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { burnOtp } from "../email/otp.js";
import { claimUnverifiedUser } from "../flows/claim.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { readLinkToken } from "./link-token.js";
import { signUpCodes } from "./password-mail.js";
import { passwordRefusal } from "./password-forms.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";

/** Removes the user's link factors of one purpose: every `pending:` sign-up, or every `reset:` link. */
export async function dropLinks(config: ResolvedConfig, userId: string, prefix: "pending:" | "reset:"): Promise<void> {
  const factors = userFactorsOf(config);
  for (const factor of await factors.list(userId, "password"))
    if (factor.id.startsWith(prefix)) await factors.take(userId, "password", factor.id);
}

export type SignUpTaken = { user: AdapterUser; secret: string };

/**
 * The sign-up a proof names (its user and `pending:` factor), taken once: its user and hash. None for a used,
 * expired or made-up one, nor for a sign-up made before someone else proved the address (it came from someone
 * who had not).
 */
export async function takeSignUp(
  config: ResolvedConfig,
  named: { userId: string; factorId: string } | undefined,
): Promise<SignUpTaken | undefined> {
  const factors = userFactorsOf(config);
  const pending = named ? await factors.get(named.userId, "password", named.factorId) : null;
  const user = named && pending ? await storeOf(config).getUser(named.userId) : null;
  if (!named || !pending || !user) return undefined;
  if (user.emailVerified && user.emailVerified.getTime() > pending.createdAt) return undefined;
  if (!(await factors.take(named.userId, "password", named.factorId))) return undefined;
  return { user, secret: pending.secret };
}

/**
 * The address is proven: it claims a user no one had proven yet (their unproven accounts, passkeys and sessions
 * go), then the sign-up's password is the user's. Without a sign-up taken, the proof was used or has expired.
 */
export async function finishProof(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  taken: SignUpTaken | undefined,
): Promise<Outcome> {
  const { config } = ctx;
  if (!taken)
    return passwordRefusal(ctx, provider, "signUp", {
      status: 400,
      error: "LinkInvalid",
      message: "This link was used already or has expired. Sign in, or sign up again for a new link.",
    });
  const user = taken.user.emailVerified ? taken.user : await claimUnverifiedUser(config, taken.user);
  await userFactorsOf(config).put({
    userId: user.id,
    kind: "password",
    id: PASSWORD_ID,
    secret: taken.secret,
    createdAt: Date.now(),
    confirmed: true,
  });
  await dropLinks(config, user.id, "pending:");
  await emit(config, "passwordSignUp", { user });
  const signinUrl = config.pages.signIn ?? `${ctx.baseUrl}/signin`;
  if (!wantsPage(ctx)) return json({ verified: true, signinUrl }, { headers: noCacheHeaders });
  return redirect(withQuery(signinUrl, { email: user.email ?? undefined }));
}

/** `GET /password/verify?token=`: the sign-up's link; the code mailed beside it stops working. */
export async function verifySignUpRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  const { config } = ctx;
  const token = new URL(ctx.request.url).searchParams.get("token");
  const taken = await takeSignUp(config, await readLinkToken(token, "pending", config.secrets[0]));
  const codes = signUpCodes(config);
  if (taken && token && codes) await burnOtp(ctx, token, codes.maxAttempts);
  return finishProof(ctx, provider, taken);
}
