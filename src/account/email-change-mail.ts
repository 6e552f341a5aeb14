import type { EmailProviderConfig, EmailVerificationRequest } from "../config/providers/provider-types.js";
import { EmailSignInError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import { pageText } from "../messages/locale.js";
import type { EmailTexts, Messages } from "../messages/message-types.js";

/** The texts the built-in senders render as `messages.email`: a notice's note stands where an expiry would. */
function textsOf(messages: Messages, purpose: EmailChangeMail["purpose"]): EmailTexts {
  const texts = messages.emailChange;
  if (purpose === "emailChange") return texts.proofMail;
  const { note, ...notice } = purpose === "emailChanged" ? texts.changedMail : texts.takenMail;
  return { ...notice, codeIntro: "", linkExpires: () => note, linkAndCodeExpire: () => note };
}

export interface EmailChangeMail {
  purpose: NonNullable<EmailVerificationRequest["purpose"]>;
  to: string;
  url: string;
  /** Empty for the notices, which carry no token. */
  token: string;
  expires: Date;
  otp?: string;
}

/**
 * Sends one mail through the provider's `sendVerificationRequest`, in the request's language. A failure names the
 * provider only: the sender's own error may hold the link, so it goes to the log as the cause.
 */
export async function sendEmailChangeMail(ctx: AuthContext, provider: EmailProviderConfig, mail: EmailChangeMail): Promise<void> {
  const { config } = ctx;
  const { lang, messages } = await pageText(config, ctx.request);
  const params: EmailVerificationRequest = {
    identifier: mail.to,
    url: mail.url,
    expires: mail.expires,
    provider,
    token: mail.token,
    otp: mail.otp,
    theme: config.theme,
    request: ctx.request,
    locale: lang,
    messages: { ...messages, email: textsOf(messages, mail.purpose) },
    purpose: mail.purpose,
  };
  try {
    await provider.sendVerificationRequest(params);
  } catch (error) {
    throw new EmailSignInError(`Provider "${provider.id}" could not send the ${mail.purpose} email.`, {
      err: error as Error,
      provider: provider.id,
    });
  }
}

/** A notice: no token and nothing to confirm; its link is the sign-in page. */
export function noticeOf(ctx: AuthContext, purpose: "emailChanged" | "emailTaken", to: string): EmailChangeMail {
  const url = new URL(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, ctx.origin).href;
  return { purpose, to, url, token: "", expires: new Date() };
}
