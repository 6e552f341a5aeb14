import { emailProviderMethod } from "./email-provider-method.js";
import { verificationEmail } from "./email-message.js";
import { postEmail, requireApiKey, senderParts, type EmailApiOptions } from "./email-send.js";
import { signInMethod, type EmailProviderConfig } from "../config/providers/provider-types.js";

/**
 * Magic-link sign-in with the email sent through SendGrid (`POST https://api.sendgrid.com/v3/mail/send`).
 * The API key comes from `apiKey` or `AUTH_SENDGRID_KEY`; `from` must be a verified sender.
 */
export default function SendGrid(config: EmailApiOptions = {}): EmailProviderConfig {
  return {
    id: "sendgrid",
    name: "SendGrid",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params) {
      const apiKey = requireApiKey(params.provider, "SendGrid");
      const { from, to, subject, html, text } = verificationEmail(params);
      await postEmail(params, {
        service: "SendGrid",
        url: "https://api.sendgrid.com/v3/mail/send",
        headers: { Authorization: `Bearer ${apiKey}` },
        body: {
          personalizations: [{ to: [{ email: to }] }],
          // SendGrid takes the sender as `{email, name}`.
          from: senderParts(from),
          subject,
          // SendGrid requires text/plain first, then text/html.
          content: [
            { type: "text/plain", value: text },
            { type: "text/html", value: html },
          ],
        },
      });
    },
    options: config,
  };
}
