import { bearer, fetchJson, userinfoUrl } from "./fetch-profile.js";
import { underBase } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import { nextcloudMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** A Nextcloud user from the OCS provisioning API. */
export interface NextcloudProfile extends Profile {
  enabled: boolean;
  id: string;
  lastLogin: number;
  backend: string;
  email: string | null;
  displayname: string;
  phone: string;
  website: string;
  groups: string[];
  language: string;
  locale: string;
}

/**
 * Nextcloud. `issuer` is the server, e.g. `https://cloud.example.com` (or AUTH_NEXTCLOUD_ISSUER).
 * Its token answer names the user (`user_id`), who is then read from the provisioning API.
 */
export default function Nextcloud(
  options: Partial<OAuthProviderConfig<NextcloudProfile>> = {},
): OAuthProviderConfig<NextcloudProfile> {
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    authorization: underBase(options.issuer, "/apps/oauth2/authorize"),
    token: underBase(options.issuer, "/apps/oauth2/api/v1/token"),
    userinfo: {
      url: underBase(options.issuer, "/ocs/v1.php/cloud/users"),
      async request({ tokens, provider }) {
        const url = `${userinfoUrl(provider)}/${encodeURIComponent(String(tokens.user_id))}`;
        const headers = { ...bearer(tokens), "OCS-APIRequest": "true", Accept: "application/json" };
        const { ocs } = await fetchJson<{ ocs: { data: NextcloudProfile } }>(provider, url, { headers });
        return ocs.data;
      },
    },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.displayname || profile.id,
        email: profile.email || null,
        image: underBase(options.issuer, `/avatar/${encodeURIComponent(profile.id)}/512`) ?? null,
      };
    },
    style: brandMark(nextcloudMark, "#0082C9", "#000"),
    options,
  };
}
