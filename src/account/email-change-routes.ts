import { emit } from "../config/events.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { storeOf } from "../config/store.js";
import { identifierOf } from "../flows/email/request.js";
import { mailboxOf } from "../flows/email/mailbox.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";
import { json, keeping, noCacheHeaders, page, type Outcome } from "../http/outcome.js";
import type { EmailChangeSlots, EmailChangeState } from "../http/page-description.js";
import { authUrl } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../routes/sessions-route.js";
import { strategyOf } from "../session/strategy.js";
import { emailProviderOf, sendEmailChangeMail, sendNotice } from "./email-change-mail.js";
import { issueEmailChange, openEmailChange, useEmailChange, type EmailChange } from "./email-change-token.js";
import { claimAddress } from "./claim-address.js";
import { forRecentlySignedInPost } from "./signed-in-post.js";

/** How long the emailed link works when the provider sets no `maxAge`. */
const defaultMaxAge = 24 * 60 * 60;

/** What each state answers a script: the status and error code; the page shows the state itself. */
const answers: Record<Exclude<EmailChangeState, "confirm">, { status: number; body: Record<string, unknown> }> = {
  sent: { status: 200, body: { ok: true } },
  done: { status: 200, body: { ok: true } },
  invalid: { status: 400, body: { error: "EmailChangeTokenInvalid" } },
  taken: { status: 409, body: { error: "EmailChangeAddressTaken" } },
  otherUser: { status: 403, body: { error: "EmailChangeOtherUser" } },
};

function answer(
  ctx: AuthContext,
  state: Exclude<EmailChangeState, "confirm">,
  email: string | undefined,
  cookies: OutCookie[] = [],
): Outcome {
  const slots: EmailChangeSlots = { accountUrl: `${ctx.baseUrl}/account`, email };
  if (wantsPage(ctx)) return page({ name: "emailChange", state, slots }, cookies);
  const { status, body } = answers[state];
  return json(body, { status, headers: noCacheHeaders, cookies });
}

/** The route needs the app's email provider: without one it is not there. */
function withEmailProvider(ctx: AuthContext, next: (provider: EmailProviderConfig) => Promise<Outcome>): Promise<Outcome> {
  const provider = emailProviderOf(ctx.config);
  if (!provider)
    return Promise.resolve(refuse(ctx, 404, "EmailChangeUnavailable", "Changing the email address needs an email provider."));
  return next(provider);
}

/** Mails the proof to the new address; a failed send leaves no usable record behind. */
async function sendProof(ctx: AuthContext, provider: EmailProviderConfig, change: EmailChange): Promise<void> {
  const { token, expires, revoke } = await issueEmailChange(ctx.config, change, provider.maxAge ?? defaultMaxAge);
  const url = authUrl(ctx, "/account/email/confirm", { token });
  try {
    await sendEmailChangeMail(ctx, provider, { purpose: "emailChange", to: change.to, url, token, expires });
  } catch (error) {
    await revoke();
    throw error;
  }
}

/**
 * `POST /account/email` with `email` (recent sign-in): mails a link to the new address. An address that has an
 * account already is answered alike, and its owner gets a notice instead, so the answer tells nothing of it.
 */
export function requestEmailChangeRoute(ctx: AuthContext): Promise<Outcome> {
  return withEmailProvider(ctx, (provider) =>
    forRecentlySignedInPost(ctx, async ({ userId }) => {
      await consume(ctx, "emailChange", { ip: await clientAddress(ctx), identifier: `user:${userId}` });
      let to: string;
      try {
        to = identifierOf(provider, ctx.body.email);
      } catch {
        return refuse(ctx, 400, "InvalidEmail", "Give the new `email` address, as name@example.com.");
      }
      await consume(ctx, "emailChange", { identifier: `mailbox:${mailboxOf(to)}` });
      const store = storeOf(ctx.config);
      const user = await store.getUser(userId);
      if (!user) return refuse(ctx, 401, "SessionRequired", "Sign in first.");
      if (user.email === to) return refuse(ctx, 400, "EmailUnchanged", "That is the account's address already.");
      if (await store.getUserByEmail(to)) await sendNotice(ctx, provider, { purpose: "emailTaken", to });
      else await sendProof(ctx, provider, { userId, from: user.email ?? null, to });
      return answer(ctx, "sent", to);
    }),
  );
}

/** `GET /account/email/confirm?token=`: a button whose POST makes the change, since mail scanners open links. */
export function emailChangeConfirmPageRoute(ctx: AuthContext): Promise<Outcome> {
  return withEmailProvider(ctx, async () => {
    const { token } = ctx.query;
    const change = typeof token === "string" && token ? await openEmailChange(ctx.config, token) : null;
    if (!change) return answer(ctx, "invalid", undefined);
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
  });
}

/**
 * `POST /account/email/confirm` with `token`: uses the token once and makes the change, from a browser signed in as
 * the same user or not signed in at all; a browser signed in as another user is refused and the link keeps working.
 * The old address gets a notice; under the jwt strategy this browser's session is re-issued with the new address.
 */
export function confirmEmailChangeRoute(ctx: AuthContext): Promise<Outcome> {
  return withEmailProvider(ctx, async (provider) => {
    const { config } = ctx;
    if (ctx.checksCsrf && !config.skipCSRFCheck && !(await ctx.csrf()).verified)
      return refuse(ctx, 403, "MissingCSRF", "The CSRF token is missing or does not match the cookie.");
    const { token } = ctx.body;
    const change = typeof token === "string" && token ? await openEmailChange(config, token) : null;
    if (!change) return answer(ctx, "invalid", undefined);
    const { signedIn, cookies } = await strategyOf(config).current(ctx);
    if (signedIn && signedIn.userId !== change.userId) return answer(ctx, "otherUser", undefined, cookies);
    return keeping(cookies, async () => {
      if (!(await useEmailChange(config, change))) return answer(ctx, "invalid", undefined);
      const user = await storeOf(config).getUser(change.userId);
      // a link asked for before another change, or for a user since deleted, is stale
      if (!user || (user.email ?? null) !== change.from) return answer(ctx, "invalid", undefined);
      if (!(await claimAddress(config, user.id, change.to))) return answer(ctx, "taken", change.to);
      await emit(config, "emailChanged", { userId: user.id, from: change.from, to: change.to });
      if (change.from) await sendNotice(ctx, provider, { purpose: "emailChanged", to: change.from });
      const session = signedIn ? await strategyOf(config).emailChanged(ctx, { id: user.id, email: change.to }) : [];
      return answer(ctx, "done", change.to, session);
    });
  });
}
