import { signInMethod } from "../config/providers/provider-types.js";
import type { SignInMethod } from "../flows/sign-in-method.js";
import { passwordMethod } from "../password/password-method.js";
import { resolvePasswordOptions, type PasswordOptions } from "../password/password-options.js";
import type { PasswordProviderConfig } from "../password/password-provider.js";

export type { BreachedCheckOptions, PasswordMail, PasswordMailKind, PasswordOptions } from "../password/password-options.js";
export type { PasswordProviderConfig };
export { importPasswordHash } from "../password/import-hash.js";

/** The method with its pages, which only apps with passwords carry; the app layer renders them. */
const passwordProviderMethod: SignInMethod<"credentials"> = {
  ...passwordMethod,
  pages: { names: ["password", "passkeyOffer"], load: () => import("../../pages/password-view.js") },
};

/**
 * Sign-up, sign-in, reset and change with an email address and a password that sekisho hashes (scrypt) and keeps
 * in the adapter's user-factor store. Sign-in is `POST {basePath}/callback/password` with `email` and `password`,
 * as Credentials; sign-up `POST {basePath}/signup/password`; `POST {basePath}/password/forgot`, `/password/reset`
 * and `/password/change`; pages for each. Mails go through the first email provider unless `sendMail` is given.
 * Bad options throw here, naming the option and the fix.
 */
export default function Password(options: PasswordOptions = {}): PasswordProviderConfig {
  return {
    id: options.id ?? "password",
    name: options.name ?? "Password",
    type: "credentials",
    [signInMethod]: passwordProviderMethod,
    // no labels: the sign-in page gives these names its own, in the page's language
    credentials: {
      email: { type: "email", autocomplete: "username", required: true },
      password: { type: "password", autocomplete: "current-password", required: true },
    },
    pageLinks: { signUp: `/signup/${options.id ?? "password"}`, forgot: "/password/forgot" },
    // never called: the method signs in itself, and a credentials provider's type asks for one
    authorize: () => null,
    password: resolvePasswordOptions(options),
  };
}
