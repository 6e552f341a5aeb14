import { emailAccountMethod } from "../account/email-account-method.js";
import type { SignInMethod } from "../flows/sign-in-method.js";

/**
 * The email method as the email provider modules attach it: with its pages (the link's confirm button, changing
 * the account's address), so that only apps with an email provider carry them; the app layer renders them.
 */
export const emailProviderMethod: SignInMethod<"email"> = {
  ...emailAccountMethod,
  pages: { names: ["emailConfirm", "emailChange"], load: () => import("../../pages/email-views.js") },
};
