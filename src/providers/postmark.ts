import { emailProviderMethod } from "./email-provider-method.js";
import { verificationEmail } from "./email-message.js";
import { postEmail, requireApiKey, type EmailApiOptions } from "./email-send.js";
import { signInMethod, type EmailProviderConfig } from "../config/providers/provider-types.js";

/**
 * Magic-link sign-in with the email sent through Postmark (`POST https://api.postmarkapp.com/email`,
 * transactional "outbound" stream). The server token comes from `apiKey` or `AUTH_POSTMARK_KEY`;
 * `from` must be a confirmed sender signature.
 */
export default function Postmark(config: EmailApiOptions = {}): EmailProviderConfig {
  return {
    id: "postmark",
    name: "Postmark",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params) {
      const apiKey = requireApiKey(params.provider, "Postmark");
      const { from, to, subject, html, text } = verificationEmail(params);
      await postEmail(params, {
        service: "Postmark",
        url: "https://api.postmarkapp.com/email",
        headers: { Accept: "application/json", "X-Postmark-Server-Token": apiKey },
        body: { From: from, To: to, Subject: subject, HtmlBody: html, TextBody: text, MessageStream: "outbound" },
      });
    },
    options: config,
  };
}
