import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** 42's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M19.581 16.851H24v-4.439ZM24 3.574h-4.419v4.42l-4.419 4.418v4.44h4.419v-4.44L24 7.993Zm-4.419 0h-4.419v4.42zm-6.324 8.838H4.419l8.838-8.838H8.838L0 12.412v3.595h8.838v4.419h4.419z";

/** The 42 intranet's `GET /v2/me` (abridged). */
export interface FortyTwoProfile extends Profile {
  id: number;
  email: string;
  login: string;
  first_name: string;
  last_name: string;
  usual_full_name: string | null;
  usual_first_name: string | null;
  displayname: string;
  url: string;
  phone: string;
  kind: "student" | "admin" | "external";
  image: {
    link: string | null;
    versions: { large: string | null; medium: string | null; small: string | null; micro: string | null };
  };
  "staff?": boolean;
  correction_point: number;
  pool_month: string;
  pool_year: string;
  wallet: number;
  created_at: string;
  updated_at: string;
  "alumni?": boolean;
  "active?": boolean;
}

/** The reference's names for the profile and its image. */
export type UserData = FortyTwoProfile;
export type Image = FortyTwoProfile["image"];

export default function FortyTwo(
  options: Partial<OAuthProviderConfig<FortyTwoProfile>> = {},
): OAuthProviderConfig<FortyTwoProfile> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname,
        email: profile.email,
        image: profile.image?.link ?? null,
      };
    },
    style: brandMark(mark, "#000"),
    options,
  };
}
