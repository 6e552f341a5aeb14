import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { lineMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of a LINE Login ID token. */
export interface LineProfile extends IDTokenClaims {
  auth_time?: number;
  nonce?: string;
  amr: string[];
  name?: string;
  picture?: string;
  email?: string;
}

/** LINE Login v2.1. LINE signs ID tokens for web logins with the channel secret (HS256). */
export default function Line(options: Partial<OAuthProviderConfig<LineProfile>> = {}): OAuthProviderConfig<LineProfile> {
  return {
    id: "line",
    name: "LINE",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://access.line.me",
    client: { id_token_signed_response_alg: "HS256" },
    checks: ["state"],
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null);
    },
    style: brandMark(lineMark, "#06C755", "#000"),
    options,
  };
}
