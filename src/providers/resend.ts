import { emailProviderMethod } from "./email-provider-method.js";
import { verificationEmail } from "./email-message.js";
import { postEmail, requireApiKey, type EmailApiOptions } from "./email-send.js";
import { signInMethod, type EmailProviderConfig } from "../config/providers/provider-types.js";

/**
 * Magic-link sign-in with the email sent through Resend (`POST https://api.resend.com/emails`).
 * The API key comes from `apiKey` or `AUTH_RESEND_KEY`; `from` must be an address on a domain verified at Resend.
 */
export default function Resend(config: EmailApiOptions = {}): EmailProviderConfig {
  return {
    id: "resend",
    name: "Resend",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params) {
      const apiKey = requireApiKey(params.provider, "Resend");
      const { from, to, subject, html, text } = verificationEmail(params);
      await postEmail(params, {
        service: "Resend",
        url: "https://api.resend.com/emails",
        headers: { Authorization: `Bearer ${apiKey}` },
        body: { from, to, subject, html, text },
      });
    },
    options: config,
  };
}
