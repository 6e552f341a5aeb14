import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/**
 * The user as the application's own RESTlet returns it: NetSuite has no userinfo endpoint, so
 * `userinfo` must point at a RESTlet that answers with the current user.
 */
export interface NetSuiteProfile extends Profile {
  id: number;
  name: string;
  email: string;
  location?: number;
  role?: number;
  roleId?: string;
  subsidiary?: number;
}

export interface NetSuiteOptions extends Partial<OAuthProviderConfig<NetSuiteProfile>> {
  /** The account id, e.g. `1234567` or `1234567_SB1` for a sandbox. */
  accountID?: string;
}

/** The reference's name for the options. */
export type OAuthNetSuiteOptions = NetSuiteOptions;

/** NetSuite: no PKCE, `state` protects the callback. */
export default function NetSuite(options: NetSuiteOptions = {}): OAuthProviderConfig<NetSuiteProfile> {
  // Account ids appear in host names lower-cased, with "_" turned into "-".
  const account = options.accountID?.toLowerCase().replace(/_/g, "-");
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    authorization: {
      url: account && `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl`,
      params: { scope: "restlets rest_webservices" },
    },
    token: account && `https://${account}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.name, email: profile.email ?? null, image: null };
    },
    style: brandStyle("NS", "#125580"),
    options,
  };
}
