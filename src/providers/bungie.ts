import { bearer, fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { bungieMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Bungie.net's `GET /Platform/User/GetMembershipsForCurrentUser/`. Bungie shares no email address. */
export interface BungieProfile extends Profile {
  Response: {
    destinyMemberships: { membershipId: string; membershipType: number; displayName: string }[];
    primaryMembershipId?: string;
    bungieNetUser: {
      membershipId: string;
      uniqueName: string;
      displayName: string;
      profilePicture: number;
      profilePicturePath: string;
      firstAccess: string;
      lastUpdate: string;
      locale: string;
    };
  };
  ErrorCode: number;
  ErrorStatus: string;
  Message: string;
}

export interface BungieOptions extends Partial<OAuthProviderConfig<BungieProfile>> {
  /** The application's API key, which Bungie requires on every request as `X-API-Key`. */
  apiKey?: string;
}

export default function Bungie(options: BungieOptions = {}): OAuthProviderConfig<BungieProfile> {
  return {
    id: "bungie",
    name: "Bungie",
    type: "oauth",
    authorization: "https://www.bungie.net/en/OAuth/Authorize",
    token: "https://www.bungie.net/Platform/App/OAuth/token/",
    userinfo: {
      url: "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/",
      request({ tokens, provider }) {
        const apiKey = (provider as BungieOptions).apiKey ?? "";
        return fetchJson(provider, userinfoUrl(provider), { headers: { ...bearer(tokens), "X-API-Key": apiKey } });
      },
    },
    profile({ Response: { bungieNetUser: user } }) {
      const path = user.profilePicturePath;
      return {
        id: user.membershipId,
        name: user.displayName,
        email: null,
        image: path ? `https://www.bungie.net${path.startsWith("/") ? "" : "/"}${path}` : null,
      };
    },
    style: brandMark(bungieMark, "#3C3C3C"),
    options,
  };
}
