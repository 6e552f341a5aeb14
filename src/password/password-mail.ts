/**
 * The Password provider's mails: through `sendMail` when the app gave one, else through the first email
 * provider's `sendVerificationRequest`, with the texts of the mail's kind in place of the sign-in mail's.
 */
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";
import { otpSettings, type OtpSettings } from "../email/otp.js";
import type { AuthContext } from "../http/context.js";
import { pageText } from "../messages/locale.js";
import type { PasswordMailKind } from "./password-options.js";
import type { PasswordProviderConfig } from "./password-provider.js";

export interface OutgoingMail {
  kind: PasswordMailKind;
  to: string;
  url: string;
  expires: Date;
  /** The one-time code a sign-up's proof carries beside its link, when codes are on. */
  code?: string;
}

export function emailProviderOf(providers: readonly { type: string }[]): EmailProviderConfig | undefined {
  return providers.find((p): p is EmailProviderConfig => p.type === "email");
}

/** The email provider's code settings (`otp`), which a sign-up's proof follows: its mail then carries a code too. */
export function signUpCodes(config: ResolvedConfig): OtpSettings | undefined {
  const email = emailProviderOf(config.providers);
  return email ? otpSettings(email) : undefined;
}

export async function sendPasswordMail(ctx: AuthContext, provider: PasswordProviderConfig, mail: OutgoingMail): Promise<void> {
  const { sendMail } = provider.password;
  if (sendMail) return sendMail({ ...mail, request: ctx.request });
  const email = emailProviderOf(ctx.config.providers);
  // the start-up check refuses a Password provider with neither
  if (!email) throw new TypeError("The Password provider has no way to send mail.");
  const { lang, messages } = await pageText(ctx.config, ctx.request);
  const texts = messages.password.mails[mail.kind];
  await email.sendVerificationRequest({
    identifier: mail.to,
    url: mail.url,
    expires: mail.expires,
    provider: email,
    token: new URL(mail.url).searchParams.get("token") ?? "",
    otp: mail.code,
    theme: ctx.config.theme,
    request: ctx.request,
    locale: lang,
    messages: { ...messages, email: { ...messages.email, ...texts } },
  });
}
