import { fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** HubSpot's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M18.164 7.93V5.084a2.198 2.198 0 001.267-1.978v-.067A2.2 2.2 0 0017.238.845h-.067a2.2 2.2 0 00-2.193 2.193v.067a2.196 2.196 0 001.252 1.973l.013.006v2.852a6.22 6.22 0 00-2.969 1.31l.012-.01-7.828-6.095A2.497 2.497 0 104.3 4.656l-.012.006 7.697 5.991a6.176 6.176 0 00-1.038 3.446c0 1.343.425 2.588 1.147 3.607l-.013-.02-2.342 2.343a1.968 1.968 0 00-.58-.095h-.002a2.033 2.033 0 102.033 2.033 1.978 1.978 0 00-.1-.595l.005.014 2.317-2.317a6.247 6.247 0 104.782-11.134l-.036-.005zm-.964 9.378a3.206 3.206 0 113.215-3.207v.002a3.206 3.206 0 01-3.207 3.207z";

/** HubSpot's access-token metadata, the only user information its OAuth grants. */
export interface HubSpotProfile extends Profile {
  token: string;
  /** The email address of the user who installed the app. */
  user: string;
  hub_domain: string;
  scopes: string[];
  hub_id: number;
  app_id: number;
  expires_in: number;
  user_id: number;
  token_type: string;
}

export default function HubSpot(options: Partial<OAuthProviderConfig<HubSpotProfile>> = {}): OAuthProviderConfig<HubSpotProfile> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: "https://api.hubapi.com/oauth/v1/token",
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      url: "https://api.hubapi.com/oauth/v1/access-tokens",
      // The token is looked up by its value in the path; the request itself carries no credentials.
      request: ({ tokens, provider }) =>
        fetchJson(provider, `${userinfoUrl(provider)}/${encodeURIComponent(String(tokens.access_token))}`),
    },
    profile(profile) {
      return { id: String(profile.user_id), name: profile.user, email: profile.user, image: null };
    },
    style: brandMark(mark, "#FF7A59", "#000"),
    options,
  };
}
