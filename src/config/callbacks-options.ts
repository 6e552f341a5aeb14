import type { AdapterSession, AdapterUser } from "../adapters/adapter-contract.js";
import type { Account, AppDefined, Awaitable, JWT, Profile, Session, User } from "../shared-types.js";

/** The `callbacks` option: the app's say in sign-in, redirects and what the session holds. */
export interface CallbacksOptions {
  /**
   * Whether a sign-in may go ahead: `true` lets it, `false` refuses it (`AccessDenied`), a URL string
   * refuses it and sends the user there.
   * @default () => true
   * @example
   * ```ts
   * callbacks: { signIn: ({ user }) => user.email?.endsWith("@example.com") ?? false }
   * ```
   */
  signIn: (params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }) => Awaitable<boolean | string>;
  /**
   * Where a redirect may go, given the requested `url` and the site's `baseUrl`.
   * @default relative URLs and URLs on the site's own origin are kept; any other goes to `baseUrl`
   * @example
   * ```ts
   * callbacks: { redirect: ({ url, baseUrl }) => (url.startsWith(baseUrl) ? url : `${baseUrl}/dashboard`) }
   * ```
   */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /**
   * What a session read returns (`auth()`, `GET {basePath}/session`): the session shaped from the token
   * (jwt strategy) or the stored user (database strategy).
   * @default the user's `name`, `email` and `image`, and `expires`
   * @example
   * ```ts
   * callbacks: { session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }) }
   * ```
   */
  session: (params: {
    /** Under the database strategy, as in @auth/core, also the stored session row (`expires` a Date) and the full user. */
    session: Session & AdapterSession & { user: AdapterUser };
    token: JWT;
    user: AdapterUser;
    newSession?: unknown;
    trigger?: "update";
  }) => Awaitable<Session | Record<string, unknown>>;
  /**
   * jwt strategy: the token's claims, at sign-in (with `user`, `account` and `profile`), on `update()`
   * and on every read. Null at sign-in refuses it; null later ends the session.
   * @default ({ token }) => token
   * @example
   * ```ts
   * callbacks: { jwt: ({ token, user }) => (user ? { ...token, role: user.role } : token) }
   * ```
   */
  jwt: (params: {
    token: JWT;
    user: User | AdapterUser;
    account?: Account | null;
    profile?: Profile;
    trigger?: "signIn" | "signUp" | "update";
    isNewUser?: boolean;
    /** What the client passed to `update()`, when `trigger` is "update". */
    session?: AppDefined;
  }) => Awaitable<JWT | null>;
  /**
   * Next.js middleware: whether a request may go ahead. `true` lets it, `false` sends the visitor to sign
   * in, a `Response` is sent as it is. Unset, the middleware only puts the session on the request.
   * @example
   * ```ts
   * callbacks: { authorized: ({ auth }) => Boolean(auth) }
   * ```
   */
  authorized?: (params: { auth: Session | null; request: Request }) => unknown;
}
