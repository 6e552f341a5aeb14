/** Records shared by sessions, providers, callbacks and adapters. */

/** A value, or a promise of it: what a callback may return. */
export type Awaitable<T> = T | PromiseLike<T>;

/**
 * A value whose shape only the app (or its provider) knows, typed as the reference types it, `any`, so that
 * an app's callbacks that read it without narrowing compile unchanged: `Profile.picture`, and what a client
 * passes to `update()` (the jwt callback's `session`). `unknown` would break those apps; a precise type
 * would break a profile type that narrows it. Nothing else in sekisho is typed so.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one deliberate any, for the reason above.
export type AppDefined = any;

/** The fields every user has; an app's augmented `User` may extend it, as the reference's docs show. */
export interface DefaultUser {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The user an app sees. It declares no field of its own, so an app can augment it. */
export interface User extends DefaultUser {}

/** The fields every session has; an augmented `Session` refers to them as `DefaultSession["user"]`. */
export interface DefaultSession {
  user?: User;
  /** ISO 8601 */
  expires: string;
}

/**
 * The session an app sees. It declares no field of its own, so an app can augment it, e.g.
 * `declare module "sekisho/next" { interface Session { user: { role: string } & DefaultSession["user"] } }`.
 */
export interface Session extends DefaultSession {
  [key: string]: unknown;
}

/** The user's profile as an OAuth or OIDC provider returns it: the standard OIDC claims, and any of the provider's own. */
export interface Profile {
  sub?: string | null;
  id?: string | number | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  /** A URL in OpenID Connect; Facebook sends an object, and a provider's profile type may narrow it either way. */
  picture?: AppDefined;
  website?: string | null;
  email?: string | null;
  email_verified?: boolean | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | string | number | null;
  address?: {
    formatted?: string | null;
    street_address?: string | null;
    locality?: string | null;
    region?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null;
  [claim: string]: unknown;
}

/** An entry of a Rich Authorization Requests `authorization_details` array (RFC 9396). */
export interface AuthorizationDetails {
  type: string;
  locations?: string[];
  actions?: string[];
  datatypes?: string[];
  identifier?: string;
  privileges?: string[];
  [parameter: string]: unknown;
}

/** The token endpoint's answer, as the provider sent it. */
export interface TokenSet {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  token_type?: string;
  expires_in?: number;
  expires_at?: number;
  authorization_details?: AuthorizationDetails[];
  [key: string]: unknown;
}

export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn";

/** A user's account at a provider: which provider, the user's id there, and the tokens it issued. */
export interface Account extends TokenSet {
  provider: string;
  providerAccountId: string;
  type: ProviderType;
  userId?: string;
}

/** The claims every session token has; an augmented `JWT` may extend it (`interface JWT extends DefaultJWT`). */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
}

/** The JWT payload. At sign-in it holds `{name, email, picture, sub}`. It declares no claim of its own, so an app can augment it. */
export interface JWT extends DefaultJWT {
  [key: string]: unknown;
}
