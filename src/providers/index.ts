/**
 * `sekisho/providers`: the provider types, under the names apps import from `next-auth/providers` and
 * `@auth/core/providers` as well as sekisho's own.
 */
import type { Profile } from "../types.js";
import type {
  CredentialsProviderConfig,
  EmailProviderConfig,
  OAuthProviderConfig,
  WebAuthnProviderConfig,
} from "./types.js";

export type * from "./types.js";
export type { ProviderType } from "../types.js";

export type OAuthConfig<P = Profile> = OAuthProviderConfig<P>;
export type OAuth2Config<P = Profile> = OAuthProviderConfig<P> & { type: "oauth" };
export type OIDCConfig<P = Profile> = OAuthProviderConfig<P> & { type: "oidc" };
/** What a built-in OAuth provider function takes: any of its fields, to override the defaults. */
export type OAuthUserConfig<P = Profile> = Partial<OAuthProviderConfig<P>>;
export type CredentialsConfig = CredentialsProviderConfig;
export type EmailConfig = EmailProviderConfig;
export type WebAuthnConfig = WebAuthnProviderConfig;
