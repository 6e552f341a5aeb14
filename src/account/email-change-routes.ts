import { emit } from "../config/events.js";
import type { EmailSignInError } from "../sign-in-errors.js";
import { errorPage } from "../http/error-response.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { storeOf } from "../config/store.js";
import { identifierOf } from "../email/request.js";
import { mailboxOf } from "../email/mailbox.js";
import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { json, keeping, noCacheHeaders, page, type Outcome } from "../http/outcome.js";
import type { EmailChangeState } from "../http/page-description.js";
import { authUrl } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../session/records/sessions-route.js";
import { strategyOf, type SignedIn } from "../session/strategy.js";
import { claimAddress } from "./claim-address.js";
import { clearChangeCode, issueChangeCode, takeChangeCode } from "./email-change-code.js";
import { noticeOf, sendEmailChangeMail } from "./email-change-mail.js";
import { issueEmailChange, openEmailChange, useEmailChange, type EmailChange } from "./email-change-token.js";
import { forRecentlySignedInPost } from "./signed-in-post.js";

/** How long the emailed link works when the provider sets no `maxAge`. */
const defaultMaxAge = 24 * 60 * 60;

type Answered = Exclude<EmailChangeState, "confirm">;

/** What each state answers a script: the status and body; a browser gets the page of the state. */
const answers: Record<Answered, { status: number; body: Record<string, unknown> }> = {
  sent: { status: 200, body: { ok: true } },
  done: { status: 200, body: { ok: true } },
  wrongCode: { status: 400, body: { error: "EmailChangeCodeInvalid" } },
  invalid: { status: 400, body: { error: "EmailChangeTokenInvalid" } },
  taken: { status: 409, body: { error: "EmailChangeAddressTaken" } },
  otherUser: { status: 403, body: { error: "EmailChangeOtherUser" } },
  badAddress: { status: 400, body: { error: "InvalidEmail", message: "Give the new `email` address, as name@example.com." } },
  unchanged: { status: 400, body: { error: "EmailUnchanged", message: "That is the account's address already." } },
};

/** `withCode`: the page shows the form for the emailed code (`sent` with codes on, and `wrongCode`). */
async function answer(
  ctx: AuthContext,
  state: Answered,
  { email, cookies = [], withCode = false }: { email?: string; cookies?: OutCookie[]; withCode?: boolean } = {},
): Promise<Outcome> {
  if (!wantsPage(ctx)) {
    const { status, body } = answers[state];
    return json(body, { status, headers: noCacheHeaders, cookies });
  }
  const accountUrl = `${ctx.baseUrl}/account`;
  if (!withCode) return page({ name: "emailChange", state, slots: { accountUrl, email } }, cookies);
  const form = await csrfTokenForForm(ctx);
  const slots = { accountUrl, email, csrfToken: form.token, actionUrl: `${ctx.baseUrl}/account/email/confirm` };
  return page({ name: "emailChange", state, slots }, [...cookies, ...form.cookies]);
}

/** Mails the proof to the new address, the link and any code; a failed send leaves no usable link behind. */
async function sendProof(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  change: EmailChange,
  { expires, otp }: { expires: Date; otp?: string },
): Promise<void> {
  const { token, revoke } = await issueEmailChange(ctx.config, change, expires);
  const url = authUrl(ctx, "/account/email/confirm", { token });
  try {
    await sendEmailChangeMail(ctx, provider, { purpose: "emailChange", to: change.to, url, token, expires, otp });
  } catch (error) {
    await revoke();
    throw error;
  }
}

/** The proof or notice could not be sent: logged (without the link), 502 for scripts, the error page for browsers. */
function notSent(ctx: AuthContext): Outcome {
  if (wantsPage(ctx)) return errorPage(ctx, "Configuration");
  return json({ error: "EmailChangeNotSent" }, { status: 502, headers: noCacheHeaders });
}

/** The notice to the address the account left; the change is made, so a failed send is only logged. */
async function tellOldAddress(ctx: AuthContext, provider: EmailProviderConfig, from: string): Promise<void> {
  try {
    await sendEmailChangeMail(ctx, provider, noticeOf(ctx, "emailChanged", from));
  } catch (error) {
    ctx.config.logger.error(error as EmailSignInError);
  }
}

/**
 * `POST /account/email` with `email` (recent sign-in): mails a link (and a code, with `otp`) to the new address. An
 * address another user has is answered alike, with the same cookie, and its owner gets a notice instead.
 */
export function requestEmailChangeRoute(ctx: AuthContext, provider: EmailProviderConfig): Promise<Outcome> {
  return forRecentlySignedInPost(ctx, async ({ userId }) => {
    await consume(ctx, "emailChange", { ip: await clientAddress(ctx), identifier: `user:${userId}` });
    let to: string;
    try {
      to = identifierOf(provider, ctx.body.email);
    } catch {
      return answer(ctx, "badAddress");
    }
    await consume(ctx, "emailChange", { identifier: `mailbox:${mailboxOf(to)}` });
    const store = storeOf(ctx.config);
    const user = await store.getUser(userId);
    if (!user) return refuse(ctx, 401, "SessionRequired", "Sign in first.");
    if (user.email === to) return answer(ctx, "unchanged");
    const change = { userId, from: user.email ?? null, to };
    const expires = new Date(Date.now() + (provider.maxAge ?? defaultMaxAge) * 1000);
    const taken = (await store.getUserByEmail(to)) !== null;
    const code = await issueChangeCode(ctx, provider, change, { expires, stored: !taken });
    try {
      if (taken) await sendEmailChangeMail(ctx, provider, noticeOf(ctx, "emailTaken", to));
      else await sendProof(ctx, provider, change, { expires, otp: code?.code });
    } catch (error) {
      ctx.config.logger.error(error as EmailSignInError);
      return notSent(ctx);
    }
    return answer(ctx, "sent", { email: to, cookies: code ? [code.cookie] : [], withCode: code !== undefined });
  });
}

/** `GET /account/email/confirm?token=`: a button whose POST makes the change, since mail scanners open links. */
export async function emailChangeConfirmPageRoute(ctx: AuthContext): Promise<Outcome> {
  {
    const { token } = ctx.query;
    const change = typeof token === "string" && token ? await openEmailChange(ctx.config, token) : null;
    if (!change) return answer(ctx, "invalid");
    if (!wantsPage(ctx)) return json({ email: change.to }, { headers: noCacheHeaders });
    const form = await csrfTokenForForm(ctx);
    const slots = {
      accountUrl: `${ctx.baseUrl}/account`,
      email: change.to,
      token: token as string,
      csrfToken: form.token,
      actionUrl: `${ctx.baseUrl}/account/email/confirm`,
    };
    return page({ name: "emailChange", state: "confirm", slots }, form.cookies);
  }
}

/**
 * The change, once proved: the address claimed (unless another user has it by now), `emailChanged`, the notice to
 * the old address, and under the jwt strategy this browser's session re-issued when it is the user's.
 */
async function applyChange(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  change: EmailChange,
  signedIn: SignedIn | undefined,
): Promise<Outcome> {
  const { config } = ctx;
  const user = await storeOf(config).getUser(change.userId);
  // a proof asked for before another change, or for a user since deleted, is stale
  if (!user || (user.email ?? null) !== change.from) return answer(ctx, "invalid");
  if (!(await claimAddress(config, user.id, change.to))) return answer(ctx, "taken", { email: change.to });
  await emit(config, "emailChanged", { userId: user.id, from: change.from, to: change.to });
  if (change.from) await tellOldAddress(ctx, provider, change.from);
  const session = signedIn ? await strategyOf(config).emailChanged(ctx, { id: user.id, email: change.to }) : [];
  return answer(ctx, "done", { email: change.to, cookies: session });
}

/** The code path: only the signed-in browser that asked holds the change the code stands for. */
async function confirmWithCode(
  ctx: AuthContext,
  provider: EmailProviderConfig,
  signedIn: SignedIn | undefined,
): Promise<Outcome> {
  if (!signedIn) return answer(ctx, "invalid");
  const taken = await takeChangeCode(ctx, provider, signedIn.userId, ctx.body.code);
  if (taken === "wrong") return answer(ctx, "wrongCode", { withCode: true });
  const cleared = [clearChangeCode(ctx)];
  if (taken === "invalid") return answer(ctx, "invalid", { cookies: cleared });
  return keeping(cleared, () => applyChange(ctx, provider, taken, signedIn));
}

/**
 * `POST /account/email/confirm` with `token` (or, from the browser that asked, `code`): uses the proof once and
 * makes the change. A token may be used from a browser signed in as its user or as nobody; a browser signed in as
 * another user is refused, and the link keeps working.
 */
export async function confirmEmailChangeRoute(ctx: AuthContext, provider: EmailProviderConfig): Promise<Outcome> {
  {
    const { config } = ctx;
    if (ctx.checksCsrf && !config.skipCSRFCheck && !(await ctx.csrf()).verified)
      return refuse(ctx, 403, "MissingCSRF", "The CSRF token is missing or does not match the cookie.");
    const { signedIn, cookies } = await strategyOf(config).current(ctx);
    if (ctx.body.code !== undefined) return keeping(cookies, () => confirmWithCode(ctx, provider, signedIn));
    const { token } = ctx.body;
    const change = typeof token === "string" && token ? await openEmailChange(config, token) : null;
    if (!change) return answer(ctx, "invalid", { cookies });
    if (signedIn && signedIn.userId !== change.userId) return answer(ctx, "otherUser", { cookies });
    return keeping(cookies, async () =>
      (await useEmailChange(config, change)) ? applyChange(ctx, provider, change, signedIn) : answer(ctx, "invalid"),
    );
  }
}
