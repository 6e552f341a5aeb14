/** What `signIn(provider, options)` accepts, on the server and in the browser. */
export interface SignInOptions extends Record<string, unknown> {
  /**
   * False: return the URL instead of navigating to it.
   * @default true
   * @example
   * ```ts
   * const url = await signIn("github", { redirect: false })
   * ```
   */
  redirect?: boolean;
  /**
   * Where to go after signing in; a path on this site.
   * @default the current page
   * @example
   * ```ts
   * await signIn("github", { redirectTo: "/dashboard" })
   * ```
   */
  redirectTo?: string;
  /**
   * A sign-in again for a sensitive action, after `RecentSignInRequired` (docs/accounts.md): an OpenID provider
   * is sent `max_age` (`account.recentSignIn`) and `prompt=login`, so it asks the user afresh, and the ID token's
   * `auth_time` must show it did. Other providers sign in as usual.
   * @default false
   * @example
   * ```ts
   * await signIn("company-idp", { reauth: true, redirectTo: "/settings/danger" })
   * ```
   */
  reauth?: boolean;
}

/** The options as a record: a form's string fields (the first of each name), or the object as given. */
export function signInFields<T extends SignInOptions>(options: T | FormData | undefined): T {
  if (!options) return {} as T;
  if (typeof FormData !== "undefined" && options instanceof FormData) {
    const record: SignInOptions = {};
    for (const [key, value] of options) if (typeof value === "string" && !(key in record)) record[key] = value;
    return record as T;
  }
  return options as T;
}
