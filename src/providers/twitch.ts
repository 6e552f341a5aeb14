import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { jsonResponse } from "./token-response.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Twitch's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M11.571 4.714h1.715v5.143H11.57zm4.715 0H18v5.143h-1.714zM6 0L1.714 4.286v15.428h5.143V24l4.286-4.286h3.428L22.286 12V0zm14.571 11.143l-3.428 3.428h-3.429l-3 3v-3H6.857V1.714h13.714Z";

/** The claims of a Twitch ID token, with the optional claims sekisho asks for. */
export interface TwitchProfile extends IDTokenClaims {
  azp: string;
  preferred_username: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  updated_at?: string;
}

/**
 * Twitch answers the token request with `scope` as an array, and its errors without `error`;
 * both are put back into the shape RFC 6749 gives them.
 */
async function conformTokenResponse(response: Response): Promise<Response> {
  const body = (await response.clone().json()) as Record<string, unknown>;
  if (response.ok && Array.isArray(body.scope)) {
    return jsonResponse({ ...body, scope: body.scope.join(" ") }, response.status);
  }
  if (!response.ok && typeof body.error !== "string") {
    return jsonResponse({ error: "invalid_request", error_description: body.message }, response.status);
  }
  return response;
}

export default function Twitch(options: Partial<OAuthProviderConfig<TwitchProfile>> = {}): OAuthProviderConfig<TwitchProfile> {
  return {
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://id.twitch.tv/oauth2",
    client: { token_endpoint_auth_method: "client_secret_post" },
    authorization: {
      params: {
        scope: "openid user:read:email",
        // Twitch leaves these out of the ID token unless they are asked for.
        claims: JSON.stringify({ id_token: { email: null, email_verified: null, picture: null, preferred_username: null } }),
      },
    },
    token: { conform: conformTokenResponse },
    profile(profile) {
      return userFromClaims(profile, profile.preferred_username);
    },
    style: brandMark(mark, "#9146FF"),
    options,
  };
}
