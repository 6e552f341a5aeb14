import { InvalidProvider } from "../../errors.js";
import type { EmailProviderConfig } from "../../providers/types.js";
import type { SignInMethod } from "../method.js";
import { emailCallback } from "./callback.js";
import { emailSignIn } from "./request.js";

/** Magic links and one-time codes: the email provider modules bring it. */
export const emailMethod: SignInMethod<EmailProviderConfig> = {
  type: "email",
  signIn: emailSignIn,
  callback: emailCallback,
  check(provider, where) {
    if (typeof (provider as EmailProviderConfig).sendVerificationRequest !== "function") {
      throw new InvalidProvider(`${where} has no \`sendVerificationRequest\`. Use a built-in email provider or pass your own sender.`);
    }
  },
  adapterMethods: ["createVerificationToken", "useVerificationToken", "getUserByEmail"],
};
