import { brandMark } from "../config/providers/logos.js";
import { mediumMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Medium's `GET /v1/me`. Medium shares no email address. */
export interface MediumProfile extends Profile {
  data: { id: string; username: string; name: string; url: string; imageUrl: string };
}

export default function Medium(options: Partial<OAuthProviderConfig<MediumProfile>> = {}): OAuthProviderConfig<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: "https://api.medium.com/v1/tokens",
    userinfo: "https://api.medium.com/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile({ data }) {
      return { id: data.id, name: data.name, email: null, image: data.imageUrl ?? null };
    },
    style: brandMark(mediumMark, "#000"),
    options,
  };
}
