import { brandMark } from "../config/providers/logos.js";
import { figmaMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Figma's current user (`GET /v1/me`). */
export interface FigmaProfile extends Profile {
  id: string;
  handle: string;
  img_url: string;
  email: string;
}

/** Figma requires `state`. */
export default function Figma(options: Partial<OAuthProviderConfig<FigmaProfile>> = {}): OAuthProviderConfig<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.handle, email: profile.email, image: profile.img_url ?? null };
    },
    style: brandMark(figmaMark, "#F24E1E", "#000"),
    options,
  };
}
