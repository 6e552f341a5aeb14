import { bearer, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** VK's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "m9.489.004.729-.003h3.564l.73.003.914.01.433.007.418.011.403.014.388.016.374.021.36.025.345.03.333.033c1.74.196 2.933.616 3.833 1.516.9.9 1.32 2.092 1.516 3.833l.034.333.029.346.025.36.02.373.025.588.012.41.013.644.009.915.004.98-.001 3.313-.003.73-.01.914-.007.433-.011.418-.014.403-.016.388-.021.374-.025.36-.03.345-.033.333c-.196 1.74-.616 2.933-1.516 3.833-.9.9-2.092 1.32-3.833 1.516l-.333.034-.346.029-.36.025-.373.02-.588.025-.41.012-.644.013-.915.009-.98.004-3.313-.001-.73-.003-.914-.01-.433-.007-.418-.011-.403-.014-.388-.016-.374-.021-.36-.025-.345-.03-.333-.033c-1.74-.196-2.933-.616-3.833-1.516-.9-.9-1.32-2.092-1.516-3.833l-.034-.333-.029-.346-.025-.36-.02-.373-.025-.588-.012-.41-.013-.644-.009-.915-.004-.98.001-3.313.003-.73.01-.914.007-.433.011-.418.014-.403.016-.388.021-.374.025-.36.03-.345.033-.333c.196-1.74.616-2.933 1.516-3.833.9-.9 2.092-1.32 3.833-1.516l.333-.034.346-.029.36-.025.373-.02.588-.025.41-.012.644-.013.915-.009ZM6.79 7.3H4.05c.13 6.24 3.25 9.99 8.72 9.99h.31v-3.57c2.01.2 3.53 1.67 4.14 3.57h2.84c-.78-2.84-2.83-4.41-4.11-5.01 1.28-.74 3.08-2.54 3.51-4.98h-2.58c-.56 1.98-2.22 3.78-3.8 3.95V7.3H10.5v6.92c-1.6-.4-3.62-2.34-3.71-6.92Z";

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
    style: brandMark(mark, "#0077FF", "#000"),
    options,
  };
}
