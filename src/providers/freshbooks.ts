import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** FreshBooks' `GET /auth/api/v1/users/me`. */
export interface FreshbooksProfile extends Profile {
  response: {
    id: number;
    identity_id: number;
    first_name: string;
    last_name: string;
    email: string;
    confirmed_at: string | null;
    created_at: string;
    language: string;
    business_memberships: { id: number; role: string; business: { id: number; name: string; account_id: string } }[];
  };
}

export default function Freshbooks(
  options: Partial<OAuthProviderConfig<FreshbooksProfile>> = {},
): OAuthProviderConfig<FreshbooksProfile> {
  return {
    id: "freshbooks",
    name: "Freshbooks",
    type: "oauth",
    authorization: "https://auth.freshbooks.com/oauth/authorize",
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    profile({ response }) {
      return {
        id: String(response.id),
        name: `${response.first_name} ${response.last_name}`.trim(),
        email: response.email,
        image: null,
      };
    },
    style: brandStyle("FB", "#0075DD"),
    options,
  };
}
