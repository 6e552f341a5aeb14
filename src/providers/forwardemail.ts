import { emailProviderMethod } from "./email-provider-method.js";
import { verificationEmail } from "./email-message.js";
import { basicAuth, postEmail, requireApiKey, type EmailApiOptions } from "./email-send.js";
import { signInMethod, type EmailProviderConfig } from "../config/providers/provider-types.js";

/**
 * Magic-link sign-in with the email sent through Forward Email (`POST https://api.forwardemail.net/v1/emails`).
 * The API key comes from `apiKey` or `AUTH_FORWARDEMAIL_KEY`; `from` must be an address on a domain set up there.
 */
export default function ForwardEmail(config: EmailApiOptions = {}): EmailProviderConfig {
  return {
    id: "forwardemail",
    name: "Forward Email",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params) {
      const apiKey = requireApiKey(params.provider, "Forward Email");
      const { from, to, subject, html, text } = verificationEmail(params);
      await postEmail(params, {
        service: "Forward Email",
        url: "https://api.forwardemail.net/v1/emails",
        // The key is the user name, with an empty password.
        headers: { Authorization: basicAuth(apiKey, "") },
        body: { from, to, subject, html, text },
      });
    },
    options: config,
  };
}
