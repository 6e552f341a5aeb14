/** Where sessions live: in an encrypted cookie (`jwt`) or in the adapter's database (`database`). */
export type SessionStrategy = "jwt" | "database";

/** The `session` option. */
export interface SessionOptions {
  /**
   * Where sessions live: `jwt` keeps them in an encrypted cookie, `database` in the adapter, with only
   * the session's token in the cookie.
   * @default "database" with an adapter, "jwt" without
   * @example
   * ```ts
   * session: { strategy: "jwt" }
   * ```
   */
  strategy: SessionStrategy;
  /**
   * Seconds a session lasts without activity before it expires.
   * @default 2592000 (30 days)
   * @example
   * ```ts
   * session: { maxAge: 8 * 60 * 60 }
   * ```
   */
  maxAge: number;
  /**
   * Seconds between extensions of a session's expiry as it is used: a read within this time of the last
   * extension writes nothing. 0 extends on every read.
   * @default 86400 (1 day)
   * @example
   * ```ts
   * session: { updateAge: 60 * 60 }
   * ```
   */
  updateAge: number;
  /**
   * Makes the token of a new database session.
   * @default crypto.randomUUID()
   * @example
   * ```ts
   * session: { generateSessionToken: () => crypto.randomUUID() }
   * ```
   */
  generateSessionToken: () => string;
  /**
   * jwt strategy: how many seconds an instance may go without reading new revocations from the adapter.
   * A revoked session is refused within this time everywhere, with no read per request.
   * @default 10
   * @example
   * ```ts
   * session: { revocationCheckInterval: 30 }
   * ```
   */
  revocationCheckInterval: number;
  /**
   * sekisho's own: accept the session cookie of next-auth v4 (`next-auth.session-token` or its `__Secure-`
   * form, chunked or whole) when the request has no sekisho session cookie, so an app moved from v4 signs
   * nobody out. A v4 JWT is read when one of the app's secrets opens it (v4's `NEXTAUTH_SECRET`); a v4
   * database session cookie names a row of the same sessions table. The browser gets a sekisho cookie in its
   * place and the v4 cookie is cleared. Turn it on at the switch and off once v4's `session.maxAge` (30 days
   * unless the v4 app set another) has passed since: no v4 cookie is valid after that, and a v4 JWT of a user
   * who signed out of v4 stays readable until it expires.
   * @default false
   * @example
   * NextAuth({ providers, session: { acceptNextAuthV4: true } }) // remove 30 days after the switch
   */
  acceptNextAuthV4: boolean;
  /**
   * sekisho's own: the absolute session lifetime, in seconds from the sign-in, whatever the re-issues in
   * between (`maxAge` alone slides: a session used within every `maxAge` never ends, and neither does a stolen
   * cookie that is kept in use). The user signs in again once it has passed. Both strategies; under the database
   * strategy it is checked when the expiry moves (so up to `updateAge` late) and needs sekisho's session records
   * (its own adapters): with a reference adapter the default is skipped and a value set here is refused at
   * start-up. `Infinity` turns it off: sessions slide for ever, as in Auth.js.
   * @default 90 days (7776000), or the strategy's `maxAge` when that is longer
   * @example
   * createAuth({ session: { maxAge: 7 * 24 * 60 * 60, absoluteMaxAge: 90 * 24 * 60 * 60 } });
   */
  absoluteMaxAge: number;
}
