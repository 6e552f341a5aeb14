/**
 * Sign-up with an address and a password, proven by a mailed link. The answer is the same whether the address
 * has a user or not: a new or unproven address is sent the link, an owner who already proved theirs a notice.
 * Each sign-up keeps its hash under its own `pending:` factor, so a later sign-up for the same address never
 * replaces the password that an earlier link proves.
 */
import type { AdapterUser } from "../adapters/adapter-contract.js";
import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/config-types.js";
import { mailboxOf } from "../flows/email/mailbox.js";
import { claimUnverifiedUser } from "../flows/claim.js";
import { type AuthContext, requireCsrf } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { authUrl, withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { newLinkToken, readLinkToken } from "./link-token.js";
import { checkNewPassword } from "./new-password.js";
import { hashPassword } from "./password-hash.js";
import { sendPasswordMail } from "./password-mail.js";
import { passwordRefusal } from "./password-forms.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";
import { addressOf, passwordOf } from "./password-sign-in.js";

/** "Check your email": what every sign-up and reset request answers, whoever the address belongs to. */
export function checkYourEmail(ctx: AuthContext, provider: PasswordProviderConfig, email: string): Outcome {
  const verify = ctx.config.pages.verifyRequest ?? `${ctx.baseUrl}/verify-request`;
  return redirect(withQuery(verify, { provider: provider.id, type: "email", email }));
}

/** The user of a new address; of two sign-ups racing for it, the one whose insert lost takes the winner's. */
async function newUser(config: ResolvedConfig, email: string, name: string | undefined): Promise<AdapterUser> {
  const store = storeOf(config);
  try {
    return await store.createUser({ id: crypto.randomUUID(), email, emailVerified: null, ...(name ? { name } : {}) });
  } catch (error) {
    const winner = await store.getUserByEmail(email);
    if (winner) return winner;
    throw error;
  }
}

/** An address someone proved, or one with a proven password: its owner is told, and nothing changes. */
async function isOwned(config: ResolvedConfig, user: AdapterUser): Promise<boolean> {
  if (user.emailVerified) return true;
  return (await userFactorsOf(config).get(user.id, "password", PASSWORD_ID))?.confirmed === true;
}

function nameOf(input: unknown): string | undefined {
  return typeof input === "string" ? input.trim().slice(0, 200) || undefined : undefined;
}

/** `POST /signup/:provider` with `email`, `password` (and `name`), CSRF-checked. */
export async function signUpRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  await requireCsrf(ctx);
  const { config } = ctx;
  const options = provider.password;
  const email = addressOf(ctx.body.email);
  const password = passwordOf(ctx.body.password, options.policy.maxLength);
  if (!email || !password)
    return passwordRefusal(ctx, provider, "signUp", {
      status: 400,
      error: "InvalidRequest",
      message: "Give an `email` address and a `password`.",
    });
  await consume(ctx, "passwordMail", { ip: await clientAddress(ctx), identifier: mailboxOf(email) });
  const refused = await checkNewPassword(ctx, provider, password, { email });
  if (refused) return passwordRefusal(ctx, provider, "signUp", { ...refused, email });
  // hashed for an owned address too, so that both answers take the same time
  const secret = await hashPassword(password, options.scrypt);
  const existing = await storeOf(config).getUserByEmail(email);
  if (existing && (await isOwned(config, existing))) {
    const expires = new Date(Date.now() + options.signUpMaxAge);
    await sendPasswordMail(ctx, provider, { kind: "existing", to: email, url: authUrl(ctx, "/password/forgot"), expires });
    return checkYourEmail(ctx, provider, email);
  }
  const user = existing ?? (await newUser(config, email, nameOf(ctx.body.name)));
  await startProof(ctx, provider, user, secret, email);
  return checkYourEmail(ctx, provider, email);
}

/** Keeps the sign-up's hash under its own expiring `pending:` factor and mails the link that proves it. */
async function startProof(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  user: AdapterUser,
  secret: string,
  email: string,
): Promise<void> {
  const options = provider.password;
  const factors = userFactorsOf(ctx.config);
  const now = Date.now();
  const link = await newLinkToken(user.id, "pending", ctx.config.secrets[0]);
  const expires = now + options.signUpMaxAge;
  await factors.put({ userId: user.id, kind: "password", id: link.factorId, secret, createdAt: now, expires, confirmed: false });
  if (options.allowUnverifiedSignIn && !(await factors.get(user.id, "password", PASSWORD_ID)))
    await factors.put({ userId: user.id, kind: "password", id: PASSWORD_ID, secret, createdAt: now, confirmed: false });
  try {
    const url = authUrl(ctx, "/password/verify", { token: link.token });
    await sendPasswordMail(ctx, provider, { kind: "verify", to: email, url, expires: new Date(expires) });
  } catch (error) {
    await factors.take(user.id, "password", link.factorId);
    throw error;
  }
}

/** Removes the user's link factors of one purpose: every `pending:` sign-up, or every `reset:` link. */
export async function dropLinks(config: ResolvedConfig, userId: string, prefix: "pending:" | "reset:"): Promise<void> {
  const factors = userFactorsOf(config);
  for (const factor of await factors.list(userId, "password"))
    if (factor.id.startsWith(prefix)) await factors.take(userId, "password", factor.id);
}

/**
 * The sign-up a proof link names, taken once: its user and hash. None for a used, expired or made-up link, nor
 * for a sign-up made before someone else proved the address (it came from someone who had not).
 */
async function takeSignUp(
  config: ResolvedConfig,
  token: string | null,
): Promise<{ user: AdapterUser; secret: string } | undefined> {
  const factors = userFactorsOf(config);
  const read = await readLinkToken(token, "pending", config.secrets[0]);
  const pending = read ? await factors.get(read.userId, "password", read.factorId) : null;
  const user = read && pending ? await storeOf(config).getUser(read.userId) : null;
  if (!read || !pending || !user) return undefined;
  if (user.emailVerified && user.emailVerified.getTime() > pending.createdAt) return undefined;
  if (!(await factors.take(read.userId, "password", read.factorId))) return undefined;
  return { user, secret: pending.secret };
}

/**
 * `GET /password/verify?token=`: the sign-up's link. It proves the address, so it claims a user no one had
 * proven yet (their unproven accounts, passkeys and sessions go), then the sign-up's password is the user's.
 */
export async function verifySignUpRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  const { config } = ctx;
  const taken = await takeSignUp(config, new URL(ctx.request.url).searchParams.get("token"));
  if (!taken)
    return passwordRefusal(ctx, provider, "signUp", {
      status: 400,
      error: "LinkInvalid",
      message: "This link was used already or has expired. Sign in, or sign up again for a new link.",
    });
  const user = taken.user.emailVerified ? taken.user : await claimUnverifiedUser(config, taken.user);
  const now = Date.now();
  await userFactorsOf(config).put({
    userId: user.id,
    kind: "password",
    id: PASSWORD_ID,
    secret: taken.secret,
    createdAt: now,
    confirmed: true,
  });
  await dropLinks(config, user.id, "pending:");
  await emit(config, "passwordSignUp", { user });
  const signinUrl = config.pages.signIn ?? `${ctx.baseUrl}/signin`;
  if (!wantsPage(ctx)) return json({ verified: true, signinUrl }, { headers: noCacheHeaders });
  return redirect(withQuery(signinUrl, { email: user.email ?? undefined }));
}
