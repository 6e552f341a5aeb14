/**
 * `sekisho/providers`: the provider types, under the names apps import from `next-auth/providers` and
 * `@auth/core/providers` as well as sekisho's own.
 */
import { credentialsMethod } from "../credentials/credentials-method.js";
import { emailProviderMethod } from "./email-provider-method.js";
import { oauthMethod } from "../oauth/index.js";
import { oidcMethod } from "../oauth/oidc-method.js";
import type { Profile } from "../shared-types.js";
import type {
  CredentialsProviderConfig,
  EmailProviderConfig,
  OAuthProviderConfig,
  SignInMethods,
  WebAuthnProviderConfig,
} from "../config/providers/provider-types.js";

export type * from "../config/providers/provider-types.js";
export type * from "../config/providers/reference-names.js";
export type { ProviderType } from "../shared-types.js";

export type OAuthConfig<P = Profile> = OAuthProviderConfig<P>;
export type OAuth2Config<P = Profile> = OAuthProviderConfig<P> & { type: "oauth" };
export type OIDCConfig<P = Profile> = OAuthProviderConfig<P> & { type: "oidc" };
/** What a built-in OAuth provider function takes: any of its fields, to override the defaults. */
export type OAuthUserConfig<P = Profile> = Partial<OAuthProviderConfig<P>>;
export type CredentialsConfig = CredentialsProviderConfig;
export type EmailConfig = EmailProviderConfig;
export type WebAuthnConfig = WebAuthnProviderConfig;

/**
 * The sign-in method of every type a provider written as a plain object can have (WebAuthn's comes only with
 * its module): `createAuth(config, { methods: signInMethods })` accepts Auth.js configurations as they are,
 * and carries every method. The Next.js and SvelteKit entries pass it.
 */
export const signInMethods: SignInMethods = {
  oauth: oauthMethod,
  oidc: oidcMethod,
  email: emailProviderMethod,
  credentials: credentialsMethod,
};
