import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of an Amazon Cognito user pool ID token. */
export interface CognitoProfile extends IDTokenClaims {
  token_use: "id";
  "cognito:username": string;
  "cognito:groups"?: string[];
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  auth_time: number;
}

/** Amazon Cognito. `issuer` is the user pool, e.g. `https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123`. */
export default function Cognito(options: Partial<OAuthProviderConfig<CognitoProfile>> = {}): OAuthProviderConfig<CognitoProfile> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile["cognito:username"]);
    },
    style: brandStyle("C", "#DD344C", "#000"),
    options,
  };
}
