/** The `pages` option: the app's own pages in place of the built-in ones, each a path or an absolute URL. */
export interface PagesOptions {
  /**
   * The app's sign-in page, instead of the built-in one. It receives `?error=` and `callbackUrl` as the
   * built-in page does.
   * @default `${basePath}/signin`
   * @example
   * ```ts
   * pages: { signIn: "/login" }
   * ```
   */
  signIn?: string;
  /**
   * The app's sign-out page, instead of the built-in confirmation.
   * @default `${basePath}/signout`
   * @example
   * ```ts
   * pages: { signOut: "/goodbye" }
   * ```
   */
  signOut?: string;
  /**
   * The app's error page, instead of the built-in one. It receives `?error=` with the client-safe error
   * type, or `Configuration`; it must not itself require a session.
   * @default `${basePath}/error`
   * @example
   * ```ts
   * pages: { error: "/auth-error" }
   * ```
   */
  error?: string;
  /**
   * The app's "check your email" page, shown once an email sign-in link or code was sent.
   * @default `${basePath}/verify-request`
   * @example
   * ```ts
   * pages: { verifyRequest: "/check-email" }
   * ```
   */
  verifyRequest?: string;
  /**
   * Where a user goes after their first sign-in, when their user record was just created. Unset, new
   * users go to the `callbackUrl` like everyone else.
   * @example
   * ```ts
   * pages: { newUser: "/welcome" }
   * ```
   */
  newUser?: string;
  /**
   * sekisho's own: the app's page listing the user's sessions, instead of the built-in one.
   * @default `${basePath}/sessions`
   * @example
   * ```ts
   * pages: { sessions: "/account/sessions" }
   * ```
   */
  sessions?: string;
  /**
   * sekisho's own: the app's account page (sign-in methods, second factors, email, sessions, deleting the
   * account), instead of the built-in one. Browsers asking for `{basePath}/account` are sent there; scripts
   * asking for JSON still get the account's data.
   * @default `${basePath}/account`
   * @example
   * ```ts
   * pages: { account: "/settings/account" }
   * ```
   */
  account?: string;
}
