import { bearer, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { underBase } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Nextcloud's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12.018 6.537c-2.5 0-4.6 1.712-5.241 4.015-.56-1.232-1.793-2.105-3.225-2.105A3.569 3.569 0 0 0 0 12a3.569 3.569 0 0 0 3.552 3.553c1.432 0 2.664-.874 3.224-2.106.641 2.304 2.742 4.016 5.242 4.016 2.487 0 4.576-1.693 5.231-3.977.569 1.21 1.783 2.067 3.198 2.067A3.568 3.568 0 0 0 24 12a3.569 3.569 0 0 0-3.553-3.553c-1.416 0-2.63.858-3.199 2.067-.654-2.284-2.743-3.978-5.23-3.977zm0 2.085c1.878 0 3.378 1.5 3.378 3.378 0 1.878-1.5 3.378-3.378 3.378A3.362 3.362 0 0 1 8.641 12c0-1.878 1.5-3.378 3.377-3.378zm-8.466 1.91c.822 0 1.467.645 1.467 1.468s-.644 1.467-1.467 1.468A1.452 1.452 0 0 1 2.085 12c0-.823.644-1.467 1.467-1.467zm16.895 0c.823 0 1.468.645 1.468 1.468s-.645 1.468-1.468 1.468A1.452 1.452 0 0 1 18.98 12c0-.823.644-1.467 1.467-1.467z";

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
    style: brandMark(mark, "#0082C9", "#000"),
    options,
  };
}
