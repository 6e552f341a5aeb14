import { bearer, fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { notionMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(notionMark, "#fff", "#000"),
    options,
  };
}
