import { brandMark } from "../config/providers/logos.js";
import { discordMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Discord's user object (`GET /users/@me`). */
export interface DiscordProfile extends Profile {
  id: string;
  username: string;
  /** "0" for accounts that moved to unique usernames. */
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  bot?: boolean;
  mfa_enabled: boolean;
  banner: string | null;
  accent_color: number | null;
  locale: string;
  verified: boolean;
  email: string | null;
  flags: number;
  premium_type: number;
  public_flags: number;
}

const cdn = "https://cdn.discordapp.com";

function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png";
    return `${cdn}/avatars/${profile.id}/${profile.avatar}.${format}`;
  }
  // Discord's documented rule for picking one of its default avatars.
  const index = profile.discriminator === "0" ? Number((BigInt(profile.id) >> 22n) % 6n) : Number(profile.discriminator) % 5;
  return `${cdn}/embed/avatars/${index}.png`;
}

export default function Discord(options: Partial<OAuthProviderConfig<DiscordProfile>> = {}): OAuthProviderConfig<DiscordProfile> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    profile(profile) {
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: avatarUrl(profile),
      };
    },
    style: brandMark(discordMark, "#5865F2"),
    options,
  };
}
