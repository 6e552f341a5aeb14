import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { foursquareMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Foursquare's `GET /v2/users/self`. */
export interface FoursquareProfile extends Profile {
  meta: { code: number; requestId: string };
  response: {
    user: {
      id: string;
      firstName: string;
      lastName?: string;
      gender?: string;
      relationship: "self";
      photo?: { prefix: string; suffix: string };
      homeCity?: string;
      contact: { email?: string; phone?: string };
    };
  };
}

export interface FoursquareOptions extends Partial<OAuthProviderConfig<FoursquareProfile>> {
  /** The `v` date Foursquare versions its API by. */
  apiVersion?: string;
}

export default function Foursquare(options: FoursquareOptions = {}): OAuthProviderConfig<FoursquareProfile> {
  const apiVersion = options.apiVersion ?? "20231010";
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: { url: "https://foursquare.com/oauth2/access_token", conform: conformSuccess(withBearerType) },
    userinfo: {
      url: `https://api.foursquare.com/v2/users/self?v=${apiVersion}`,
      // The v2 API takes the user's token as the `oauth_token` query parameter.
      request: ({ tokens, provider }) => fetchJson(provider, userinfoUrl(provider, { oauth_token: String(tokens.access_token) })),
    },
    profile({ response: { user } }) {
      return {
        id: user.id,
        name: [user.firstName, user.lastName].filter(Boolean).join(" "),
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      };
    },
    style: brandMark(foursquareMark, "#F94877", "#000"),
    options,
  };
}
