import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { hubspotMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(hubspotMark, "#FF7A59", "#000"),
    options,
  };
}
