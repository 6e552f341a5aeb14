/**
 * Sign-up with an address and a password, proven by a mailed link (or the code beside it). The answer is the same whether the address
 * has a user or not: a new or unproven address is sent the link, an owner who already proved theirs a notice.
 * Each sign-up keeps its hash under its own `pending:` factor, so a later sign-up for the same address never
 * replaces the password that an earlier link proves.
 */
import type { AdapterUser } from "../adapters/adapter-contract.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { mailboxOf } from "../email/mailbox.js";
import { inBackground } from "../http/background.js";
import { type AuthContext, requireCsrf } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { redirect, type Outcome } from "../http/outcome.js";
import { authUrl, withQuery } from "../http/url.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { newLinkToken } from "./link-token.js";
import { checkNewPassword } from "./new-password.js";
import { hashPassword } from "./password-hash.js";
import { sendPasswordMail } from "./password-mail.js";
import { passwordRefusal } from "./password-forms.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";
import { addressOf, passwordOf } from "./password-sign-in.js";
import { issueSignUpCode, signUpCodeQuery } from "./sign-up-code.js";

/**
 * "Check your email": what every sign-up and reset request answers, whoever the address belongs to; a sign-up's
 * `code` cookie makes it the page with the code form.
 */
export function checkYourEmail(ctx: AuthContext, provider: PasswordProviderConfig, email: string, code?: OutCookie): Outcome {
  const verify = ctx.config.pages.verifyRequest ?? `${ctx.baseUrl}/verify-request`;
  const query = { provider: provider.id, type: "email", email, ...(code ? signUpCodeQuery : {}) };
  return redirect(withQuery(verify, query), code ? [code] : []);
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
    // the same code form as a new address gets; its code is mailed to no one and names no sign-up
    const link = await newLinkToken(existing.id, "pending", config.secrets[0]);
    const code = await issueSignUpCode(ctx, provider, { link, email, expires });
    // sent after the answer, on this path as on a new address's: a mail's sending time would tell them apart
    await inBackground(
      ctx,
      sendPasswordMail(ctx, provider, { kind: "existing", to: email, url: authUrl(ctx, "/password/forgot"), expires }),
    );
    return checkYourEmail(ctx, provider, email, code?.cookie);
  }
  const user = existing ?? (await newUser(config, email, nameOf(ctx.body.name)));
  return checkYourEmail(ctx, provider, email, await startProof(ctx, provider, user, secret, email));
}

/**
 * Keeps the sign-up's hash under its own expiring `pending:` factor and mails the link that proves it (and its
 * code, with the cookie returned for it), after the answer; a failed send leaves no link behind.
 */
async function startProof(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  user: AdapterUser,
  secret: string,
  email: string,
): Promise<OutCookie | undefined> {
  const options = provider.password;
  const factors = userFactorsOf(ctx.config);
  const now = Date.now();
  const link = await newLinkToken(user.id, "pending", ctx.config.secrets[0]);
  const expires = now + options.signUpMaxAge;
  await factors.put({ userId: user.id, kind: "password", id: link.factorId, secret, createdAt: now, expires, confirmed: false });
  if (options.allowUnverifiedSignIn && !(await factors.get(user.id, "password", PASSWORD_ID)))
    await factors.put({ userId: user.id, kind: "password", id: PASSWORD_ID, secret, createdAt: now, confirmed: false });
  const code = await issueSignUpCode(ctx, provider, { link, email, expires: new Date(expires) });
  const url = authUrl(ctx, "/password/verify", { token: link.token });
  const mail = { kind: "verify" as const, to: email, url, expires: new Date(expires), code: code?.code };
  const sent = sendPasswordMail(ctx, provider, mail);
  await inBackground(
    ctx,
    sent.catch(async (error: unknown) => {
      await factors.take(user.id, "password", link.factorId);
      throw error;
    }),
  );
  return code?.cookie;
}
