import { emailProviderMethod } from "./email-provider-method.js";
import { verificationEmail } from "./email-message.js";
import { basicAuth, postEmail, requireApiKey, senderParts, type EmailApiOptions } from "./email-send.js";
import { signInMethod, type EmailProviderConfig } from "../config/providers/provider-types.js";

export interface MailgunOptions extends EmailApiOptions {
  /**
   * Where the Mailgun account lives: its API has one host per region.
   * @default "US"
   * @example Mailgun({ from: "login@mg.example.com", region: "EU" })
   */
  region?: "US" | "EU";
}

const apiHosts = { US: "api.mailgun.net", EU: "api.eu.mailgun.net" };

/** The sending domain: the part of the `from` address after the `@`. */
function sendingDomain(from: string): string {
  const domain = senderParts(from).email.split("@")[1];
  if (!domain) {
    throw new Error(`Mailgun: the \`from\` option (${from}) must be an address on your Mailgun sending domain.`);
  }
  return domain;
}

/**
 * Magic-link sign-in with the email sent through Mailgun (`POST https://api.mailgun.net/v3/<domain>/messages`,
 * or `api.eu.mailgun.net` with `region: "EU"`). The API key comes from `apiKey` or `AUTH_MAILGUN_KEY`; the
 * sending domain is the one of the `from` address.
 */
export default function Mailgun(config: MailgunOptions = {}): EmailProviderConfig {
  const host = apiHosts[config.region ?? "US"];
  return {
    id: "mailgun",
    name: "Mailgun",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params) {
      const apiKey = requireApiKey(params.provider, "Mailgun");
      const { from, to, subject, html, text } = verificationEmail(params);
      await postEmail(params, {
        service: "Mailgun",
        url: `https://${host}/v3/${encodeURIComponent(sendingDomain(from))}/messages`,
        headers: { Authorization: basicAuth("api", apiKey) },
        body: new URLSearchParams({ from, to, subject, html, text }),
      });
    },
    options: config,
  };
}
