import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Eventbrite's `GET /v3/users/me/`. */
export interface EventbriteProfile extends Profile {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  is_public: boolean;
  image_id: string | null;
  emails: { email: string; verified: boolean; primary: boolean }[];
}

export default function Eventbrite(
  options: Partial<OAuthProviderConfig<EventbriteProfile>> = {},
): OAuthProviderConfig<EventbriteProfile> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: "https://www.eventbrite.com/oauth/authorize",
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const email = profile.emails.find((entry) => entry.primary) ?? profile.emails[0];
      return { id: profile.id, name: profile.name, email: email?.email ?? null, image: null };
    },
    style: brandStyle("E", "#F05537", "#000"),
    options,
  };
}
