import { needs } from "../config/store.js";
import { InvalidProvider } from "../errors.js";
import type { SignInMethod } from "../flows/sign-in-method.js";
import { emailCallback } from "./email-callback.js";
import { emailSignIn } from "./request.js";

/** Magic links and one-time codes: the email provider modules bring it. */
export const emailMethod: SignInMethod<"email"> = {
  type: "email",
  signIn: emailSignIn,
  callback: emailCallback,
  codeForm: (ctx, provider) => (provider.otp ? { url: `${ctx.baseUrl}/callback/${provider.id}`, signsIn: true } : undefined),
  // the client's address only: the flow counts the email address itself once it has checked it (the mailbox
  // a mail goes to, the address a code was sent to)
  rateLimits: {
    signin: () => ({ rule: "emailRequest" }),
    callback: ({ body }) => (body.code === undefined ? undefined : { rule: "emailCode" }),
  },
  check(provider, where) {
    if (typeof provider.sendVerificationRequest !== "function") {
      throw new InvalidProvider(
        `${where} has no \`sendVerificationRequest\`. Use a built-in email provider or pass your own sender.`,
      );
    }
  },
  adapterMethods: needs.emailSignIn,
};
