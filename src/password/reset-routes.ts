/**
 * Forgot and reset. A known address is mailed a single-use reset link that expires (`resetMaxAge`); an unknown
 * one nothing; both answer "check your email". The link's token is stored hashed, as a `reset:` factor of
 * its user; setting the password through it ends every session of the user and tells them by mail.
 */
import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import { mailboxOf } from "../email/mailbox.js";
import { claimUnverifiedUser } from "../flows/claim.js";
import { inBackground } from "../http/background.js";
import { type AuthContext, requireCsrf } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { authUrl } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { strategyOf } from "../session/strategy.js";
import { newLinkToken, readLinkToken } from "./link-token.js";
import { checkNewPassword } from "./new-password.js";
import { hashPassword } from "./password-hash.js";
import { sendPasswordMail } from "./password-mail.js";
import { passwordRefusal } from "./password-forms.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";
import { addressOf, passwordOf } from "./password-sign-in.js";
import { dropLinks } from "./sign-up-proof.js";
import { checkYourEmail } from "./sign-up-routes.js";

/** `POST /password/forgot` with `email`, CSRF-checked. */
export async function forgotRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  await requireCsrf(ctx);
  const { config } = ctx;
  const email = addressOf(ctx.body.email);
  if (!email)
    return passwordRefusal(ctx, provider, "forgot", {
      status: 400,
      error: "InvalidRequest",
      message: "Give your `email` address.",
    });
  await consume(ctx, "passwordMail", { ip: await clientAddress(ctx), identifier: mailboxOf(email) });
  const user = await storeOf(config).getUserByEmail(email);
  // the link is made and mailed after the answer, which would otherwise take as long as a mail send
  if (user) await inBackground(ctx, mailResetLink(ctx, provider, user.id, email));
  return checkYourEmail(ctx, provider, email);
}

/** Stores a reset link for the user and mails it; a failed send leaves no link behind. */
async function mailResetLink(ctx: AuthContext, provider: PasswordProviderConfig, userId: string, email: string): Promise<void> {
  const { config } = ctx;
  const factors = userFactorsOf(config);
  const link = await newLinkToken(userId, "reset", config.secrets[0]);
  const now = Date.now();
  const expires = now + provider.password.resetMaxAge;
  await factors.put({ userId, kind: "password", id: link.factorId, secret: "", createdAt: now, expires, confirmed: false });
  const url = authUrl(ctx, "/password/reset", { token: link.token });
  try {
    await sendPasswordMail(ctx, provider, { kind: "reset", to: email, url, expires: new Date(expires) });
  } catch (error) {
    await factors.take(userId, "password", link.factorId);
    throw error;
  }
  await emit(config, "passwordResetRequested", { userId });
}

const linkInvalid = {
  status: 400,
  error: "LinkInvalid",
  message: "This reset link was used already or has expired. Ask for a new one.",
};

/** `POST /password/reset` with `token` and `password`, CSRF-checked. Tries count per client address. */
export async function resetRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  await requireCsrf(ctx);
  const { config } = ctx;
  await consume(ctx, "password", { ip: await clientAddress(ctx) });
  const factors = userFactorsOf(config);
  const read = await readLinkToken(ctx.body.token, "reset", config.secrets[0]);
  const link = read ? await factors.get(read.userId, "password", read.factorId) : null;
  const found = read && link ? await storeOf(config).getUser(read.userId) : null;
  if (!read || !found?.email) return passwordRefusal(ctx, provider, "forgot", linkInvalid);
  const password = passwordOf(ctx.body.password, provider.password.policy.maxLength);
  const token = ctx.body.token as string;
  if (!password)
    return passwordRefusal(ctx, provider, "reset", {
      status: 400,
      error: "InvalidRequest",
      message: "Give the new `password`.",
      token,
    });
  const refused = await checkNewPassword(ctx, provider, password, { email: found.email, userId: found.id });
  if (refused) return passwordRefusal(ctx, provider, "reset", { ...refused, token });
  const secret = await hashPassword(password, provider.password.scrypt);
  if (!(await factors.take(read.userId, "password", read.factorId))) return passwordRefusal(ctx, provider, "forgot", linkInvalid);
  // the link proved the address: a user no one had proven is claimed first
  const user = found.emailVerified ? found : await claimUnverifiedUser(config, found);
  await factors.put({ userId: user.id, kind: "password", id: PASSWORD_ID, secret, createdAt: Date.now(), confirmed: true });
  await dropLinks(config, user.id, "reset:");
  await dropLinks(config, user.id, "pending:");
  await strategyOf(config).revokeSessions(config, user.id);
  await emit(config, "passwordReset", { userId: user.id });
  const signinUrl = config.pages.signIn ?? `${ctx.baseUrl}/signin`;
  await sendPasswordMail(ctx, provider, { kind: "reset-done", to: found.email, url: signinUrl, expires: new Date() });
  if (!wantsPage(ctx)) return json({ reset: true, signinUrl }, { headers: noCacheHeaders });
  return redirect(signinUrl);
}
