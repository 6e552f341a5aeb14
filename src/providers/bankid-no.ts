import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** BankID Norway's userinfo claims. */
export interface BankIDNorwayProfile extends Profile {
  iss: string;
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  birthdate: string;
  email?: string;
  /** The Norwegian national identity number, with the `nnin` scope. */
  nnin?: string;
  bankid_altsub?: string;
}

/** BankID Norge. The profile comes from the signed userinfo answer, not the ID token. */
export default function BankIDNorway(
  options: Partial<OAuthProviderConfig<BankIDNorwayProfile>> = {},
): OAuthProviderConfig<BankIDNorwayProfile> {
  return {
    id: "bankid-no",
    name: "BankID Norge",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://auth.bankid.no/auth/realms/prod",
    client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
    idToken: false,
    authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return userFromClaims(profile, profile.name, null);
    },
    style: brandStyle("B", "#39134C"),
    options,
  };
}
