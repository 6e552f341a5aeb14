import { bearer, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Notion's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M4.459 4.208c.746.606 1.026.56 2.428.466l13.215-.793c.28 0 .047-.28-.046-.326L17.86 1.968c-.42-.326-.981-.7-2.055-.607L3.01 2.295c-.466.046-.56.28-.374.466zm.793 3.08v13.904c0 .747.373 1.027 1.214.98l14.523-.84c.841-.046.935-.56.935-1.167V6.354c0-.606-.233-.933-.748-.887l-15.177.887c-.56.047-.747.327-.747.933zm14.337.745c.093.42 0 .84-.42.888l-.7.14v10.264c-.608.327-1.168.514-1.635.514-.748 0-.935-.234-1.495-.933l-4.577-7.186v6.952L12.21 19s0 .84-1.168.84l-3.222.186c-.093-.186 0-.653.327-.746l.84-.233V9.854L7.822 9.76c-.094-.42.14-1.026.793-1.073l3.456-.233 4.764 7.279v-6.44l-1.215-.139c-.093-.514.28-.887.747-.933zM1.936 1.035l13.31-.98c1.634-.14 2.055-.047 3.082.7l4.249 2.986c.7.513.934.653.934 1.213v16.378c0 1.026-.373 1.634-1.68 1.726l-15.458.934c-.98.047-1.448-.093-1.962-.747l-3.129-4.06c-.56-.747-.793-1.306-.793-1.96V2.667c0-.839.374-1.54 1.447-1.632z";

/** The person who installed the integration: the owner of the bot user `GET /v1/users/me` returns. */
export interface NotionProfile extends Profile {
  object: "user";
  id: string;
  type: "person";
  name: string | null;
  avatar_url: string | null;
  person: { email?: string };
}

interface NotionBotUser {
  object: "user";
  id: string;
  type: "bot";
  bot: { owner: { type: "user"; user: NotionProfile } | { type: "workspace"; workspace: true } };
}

/** The parts of the profile under the reference's names. */
export type User = NotionProfile;
export type Person = NotionProfile["person"];
export interface Owner {
  type: string;
  user: User;
}

/** The Notion API version this provider's requests are written against. */
const notionVersion = "2022-06-28";

export default function Notion(options: Partial<OAuthProviderConfig<NotionProfile>> = {}): OAuthProviderConfig<NotionProfile> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user" } },
    token: "https://api.notion.com/v1/oauth/token",
    userinfo: {
      url: "https://api.notion.com/v1/users/me",
      async request({ tokens, provider }) {
        const headers = { ...bearer(tokens), "Notion-Version": notionVersion };
        const bot = await fetchJson<NotionBotUser>(provider, userinfoUrl(provider), { headers });
        if (bot.bot.owner.type !== "user") throw new Error("Notion integration is owned by a workspace, not a user");
        return bot.bot.owner.user;
      },
    },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name,
        email: profile.person?.email ?? null,
        image: profile.avatar_url,
      };
    },
    style: brandMark(mark, "#fff", "#000"),
    options,
  };
}
