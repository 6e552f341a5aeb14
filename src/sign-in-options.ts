/** What `signIn(provider, options)` accepts, on the server and in the browser. */
export interface SignInOptions extends Record<string, unknown> {
  /** False: return the URL instead of navigating to it. */
  redirect?: boolean;
  /** Where to go after signing in; a path on this site. */
  redirectTo?: string;
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
