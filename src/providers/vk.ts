import { bearer, fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { vkMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** One user of VK's `users.get` with `fields=photo_100`, plus the email VK puts in the token answer. */
export interface VKProfile extends Profile {
  id: number;
  first_name: string;
  last_name: string;
  can_access_closed: boolean;
  is_closed: boolean;
  photo_100?: string;
  email?: string | null;
}

/** The VK API version the requests are written against. */
const apiVersion = "5.199";

/** The reference's name for it. */
export type VkProfile = VKProfile;

export default function VK(options: Partial<OAuthProviderConfig<VKProfile>> = {}): OAuthProviderConfig<VKProfile> {
  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: { url: "https://oauth.vk.com/authorize", params: { scope: "email", v: apiVersion } },
    token: {
      url: `https://oauth.vk.com/access_token?v=${apiVersion}`,
      conform: conformSuccess(withBearerType),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      url: `https://api.vk.com/method/users.get?fields=photo_100&v=${apiVersion}`,
      async request({ tokens, provider }) {
        const { response } = await fetchJson<{ response: VKProfile[] }>(provider, userinfoUrl(provider), {
          headers: bearer(tokens),
        });
        // VK gives the email address only in the token answer.
        return { ...response[0], email: typeof tokens.email === "string" ? tokens.email : null };
      },
    },
    profile(profile) {
      return {
        id: String(profile.id),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" "),
        email: profile.email ?? null,
        image: profile.photo_100 ?? null,
      };
    },
    style: brandMark(vkMark, "#0077FF", "#000"),
    options,
  };
}
