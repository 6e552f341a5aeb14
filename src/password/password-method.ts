import { needs } from "../config/store.js";
import type { CredentialsProviderConfig, ParsedProvider } from "../config/providers/provider-types.js";
import type { SignInMethod } from "../flows/sign-in-method.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { changeRoute } from "./change-route.js";
import { notNowRoute, passkeyOfferRoute } from "./passkey-offer-routes.js";
import { emailProviderOf } from "./password-mail.js";
import { formRoute } from "./password-forms.js";
import { isPasswordProvider, type PasswordProviderConfig } from "./password-provider.js";
import { passwordSignIn } from "./password-sign-in.js";
import { forgotRoute, resetRoute } from "./reset-routes.js";
import { codeProofRoute, signUpCodeForm } from "./sign-up-code.js";
import { verifySignUpRoute } from "./sign-up-proof.js";
import { signUpRoute } from "./sign-up-routes.js";

type Route = (ctx: AuthContext, provider: PasswordProviderConfig) => Promise<Outcome> | Outcome;

/** A route of this method, for the credentials providers it is attached to (only `Password()` attaches it). */
function forPassword(route: Route) {
  return async (ctx: AuthContext, provider: CredentialsProviderConfig): Promise<Outcome> =>
    route(ctx, provider as PasswordProviderConfig);
}

/** Sign-in, sign-up, proof, reset and change with a password sekisho keeps: sekisho/providers/password brings it. */
export const passwordMethod: SignInMethod<"credentials"> = {
  type: "credentials",
  ownsUsers: true,
  adapterMethods: needs.passwords,
  callback: forPassword(passwordSignIn),
  // every password try counts, against the address and the account it names
  rateLimits: { callback: ({ body }) => ({ rule: "password", identifier: body.email }) },
  codeForm: (ctx) => signUpCodeForm(ctx),
  routes: {
    "GET /signup/:provider": forPassword(formRoute("signUp")),
    "POST /signup/:provider": forPassword(signUpRoute),
    "GET /password/verify": forPassword(verifySignUpRoute),
    "POST /password/verify": forPassword(codeProofRoute),
    "GET /password/forgot": forPassword(formRoute("forgot")),
    "POST /password/forgot": forPassword(forgotRoute),
    "GET /password/reset": forPassword(formRoute("reset")),
    "POST /password/reset": forPassword(resetRoute),
    "GET /password/change": forPassword(formRoute("change")),
    "POST /password/change": forPassword(changeRoute),
    "GET /password/passkey-offer": passkeyOfferRoute,
    "POST /password/passkey-offer": notNowRoute,
  },
  check(provider, where, config) {
    if (!isPasswordProvider(provider as ParsedProvider))
      throw new TypeError(`${where} is not a Password provider: create it with Password() from "sekisho/providers/password".`);
    if (!(provider as PasswordProviderConfig).password.sendMail && !emailProviderOf(config.providers))
      throw new TypeError(
        `${where} has no way to send its mails: add an email provider (Nodemailer(), Resend(), …) to \`providers\`, or give Password({ sendMail }).`,
      );
  },
};
