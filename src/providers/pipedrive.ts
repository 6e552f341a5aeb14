import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Pipedrive's `GET /v1/users/me`. */
export interface PipedriveProfile extends Profile {
  success: boolean;
  data: {
    id: number;
    name: string;
    email: string;
    icon_url: string | null;
    lang: number;
    locale: string;
    timezone_name: string;
    company_id: number;
    company_name: string;
    company_domain: string;
    is_admin: number;
    active_flag: boolean;
  };
}

export default function Pipedrive(
  options: Partial<OAuthProviderConfig<PipedriveProfile>> = {},
): OAuthProviderConfig<PipedriveProfile> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/v1/users/me",
    profile({ data }) {
      return { id: String(data.id), name: data.name, email: data.email, image: data.icon_url ?? null };
    },
    style: brandStyle("P", "#017737"),
    options,
  };
}
