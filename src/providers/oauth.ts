/** `sekisho/providers/oauth`: the OAuth provider types under the module name `@auth/core/providers/oauth` gives them. */
export type {
  AccountCallback,
  AuthorizationEndpointHandler,
  OAuth2Config,
  OAuthChecks,
  OAuthConfig,
  OAuthEndpointType,
  OAuthProviderButtonStyles,
  OAuthProviderId,
  OAuthUserConfig,
  OIDCConfig,
  OIDCConfigInternal,
  OIDCUserConfig,
  ProfileCallback,
  TokenEndpointHandler,
  UserinfoEndpointHandler,
} from "./index.js";
