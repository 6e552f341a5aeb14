/**
 * Types that `@auth/core/types` exports and sekisho does not otherwise name, so that an app importing them from
 * `next-auth` or `@auth/core/types` compiles with only its imports changed.
 */
import type { AdapterAuthenticator } from "../adapters/adapter-contract.js";
import type { ErrorPageCode, SignInErrorCode } from "../messages/message-types.js";
import type { ProviderType } from "../shared-types.js";

/** The value a promise resolves to. */
export type Awaited<T> = T extends Promise<infer U> ? U : T;

/** A version string: `v1`, `v1.2` or `v1.2.3`. */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`;

/** The `?error=` codes of the error page. */
export type ErrorPageParam = Exclude<ErrorPageCode, "InvalidRequest">;

/** The `?error=` codes of the sign-in page. */
export type SignInPageErrorParam =
  | "Signin"
  | Exclude<SignInErrorCode, "EmailSignInError" | "MissingCSRF" | "Verification" | "WebAuthnVerificationError" | "RateLimited">;

/** The routes under basePath, by their first path segment. */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options";

/** A provider as `GET /providers` lists it. */
export interface PublicProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}

/** A response before it is sent: status, headers, body, cookies and a redirect target. */
export interface ResponseInternal<
  Body extends string | Record<string, unknown> | unknown[] | null = string | Record<string, unknown> | unknown[] | null,
> {
  status?: number;
  headers?: Headers | HeadersInit;
  body?: Body;
  redirect?: string;
  cookies?: { name: string; value: string; options?: Record<string, unknown> }[];
}

/** A passkey as the WebAuthn provider sees it; the adapter's record also names its user. */
export type Authenticator = Omit<AdapterAuthenticator, "userId"> & { userId?: string };
