import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** 42's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M19.581 16.851H24v-4.439ZM24 3.574h-4.419v4.42l-4.419 4.418v4.44h4.419v-4.44L24 7.993Zm-4.419 0h-4.419v4.42zm-6.324 8.838H4.419l8.838-8.838H8.838L0 12.412v3.595h8.838v4.419h4.419z";

/** A user as the 42 intranet's API gives one, in a profile or nested in its records. */
export interface UserData {
  id: number;
  email: string;
  login: string;
  first_name: string;
  last_name: string;
  usual_full_name: string | null;
  usual_first_name: string | null;
  displayname: string;
  url: string;
  phone: string | null;
  kind: "student" | "admin" | "external";
  "staff?": boolean;
  correction_point: number;
  pool_month: string | null;
  pool_year: string | null;
  location: string | null;
  wallet: number;
  created_at: string;
  updated_at: string | null;
  "alumni?": boolean;
  "active?": boolean;
}

/** The user's picture and its sizes. */
export interface Image {
  link: string | null;
  versions: { large: string | null; medium: string | null; small: string | null; micro: string | null };
}

/** A curriculum the user follows, with the level and skills reached in it. */
export interface CursusUser {
  id: number;
  cursus_id: number;
  grade: string | null;
  level: number;
  skills: { id: number; name: string; level: number }[];
  begin_at: string | null;
  end_at: string | null;
  blackholed_at: string | null;
  has_coalition: boolean;
  created_at: string;
  updated_at: string | null;
  user: UserData;
  cursus: { id: number; name: string; slug: string; created_at: string };
}

/** A project the user registered for, and its mark. */
export interface ProjectUser {
  id: number;
  occurrence: number;
  final_mark: number | null;
  status: string;
  "validated?": boolean | null;
  current_team_id: number | null;
  project: { id: number; name: string; slug: string; parent_id: number | null };
  cursus_ids: number[];
  marked: boolean;
  marked_at: string | null;
  retriable_at: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface Achievement {
  id: number;
  name: string;
  description: string;
  tier: "none" | "easy" | "medium" | "hard" | "challenge";
  kind: "scolarity" | "project" | "pedagogy" | "social";
  visible: boolean;
  image: string | null;
  nbr_of_success: number | null;
  users_url: string;
}

export interface LanguagesUser {
  id: number;
  language_id: number;
  user_id: number;
  position: number;
  created_at: string;
}

export interface TitlesUser {
  id: number;
  user_id: number;
  title_id: number;
  selected: boolean;
  created_at: string;
  updated_at: string | null;
}

export interface ExpertisesUser {
  id: number;
  expertise_id: number;
  user_id: number;
  interested: boolean;
  value: number;
  contact_me: boolean;
  created_at: string;
}

/** A 42 campus. */
export interface Campus {
  id: number;
  name: string;
  time_zone: string;
  language: { id: number; name: string; identifier: string; created_at: string; updated_at: string | null };
  users_count: number;
  vogsphere_id: number | null;
  country: string;
  address: string;
  zip: string;
  city: string;
  website: string;
  facebook: string;
  twitter: string;
  active: boolean;
  email_extension: string;
  default_hidden_phone: boolean;
}

/** The user's membership of a campus. */
export interface CampusUser {
  id: number;
  user_id: number;
  campus_id: number;
  is_primary: boolean;
  created_at: string;
  updated_at: string | null;
}

type Named = { id: number; name: string };

/** The 42 intranet's `GET /v2/me`: the user and the records the API nests in it. */
export interface FortyTwoProfile extends Omit<Profile, keyof UserData>, UserData {
  image: Image;
  groups: Named[];
  cursus_users: CursusUser[];
  projects_users: ProjectUser[];
  languages_users: LanguagesUser[];
  achievements: Achievement[];
  titles: Named[];
  titles_users: TitlesUser[];
  expertises_users: ExpertisesUser[];
  roles: Named[];
  campus: Campus[];
  campus_users: CampusUser[];
}

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
