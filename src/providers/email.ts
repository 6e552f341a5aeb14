import Nodemailer, { type NodemailerOptions } from "./nodemailer.js";
import type { EmailProviderConfig } from "../config/providers/provider-types.js";

export type {
  EmailConfig,
  EmailProviderId,
  EmailProviderSendVerificationRequestParams,
  EmailProviderType,
  EmailUserConfig,
} from "./index.js";

/**
 * The Nodemailer provider under its former name and id, `email` (next-auth 4's `EmailProvider`): sign-in
 * links already sent, callback URLs and `AUTH_EMAIL_*` settings of an app that used it keep working.
 */
export default function Email(config: NodemailerOptions = {}): EmailProviderConfig {
  return { ...Nodemailer(config), id: "email", name: "Email" };
}
