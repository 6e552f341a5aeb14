import { emailMethod } from "../email/index.js";
import type { SignInMethod } from "../flows/sign-in-method.js";
import { confirmEmailChangeRoute, emailChangeConfirmPageRoute, requestEmailChangeRoute } from "./email-change-routes.js";

/**
 * The email method as the email provider modules bring it: sign-in by link or code, and changing the account's
 * address, which proves the new one through the same sender. An app without an email provider has neither.
 */
export const emailAccountMethod: SignInMethod<"email"> = {
  ...emailMethod,
  routes: {
    "POST /account/email": requestEmailChangeRoute,
    "GET /account/email/confirm": emailChangeConfirmPageRoute,
    "POST /account/email/confirm": confirmEmailChangeRoute,
  },
};
