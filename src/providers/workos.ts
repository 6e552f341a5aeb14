import { underBase, underBaseWithQuery } from "./base-url.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** WorkOS SSO's `GET /sso/profile`. */
export interface WorkOSProfile extends Profile {
  object: "profile";
  id: string;
  organization_id: string | null;
  connection_id: string;
  connection_type: string;
  idp_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role?: { slug: string };
  raw_attributes: Record<string, unknown>;
}

export interface WorkOSOptions extends Partial<OAuthProviderConfig<WorkOSProfile>> {
  /** The SSO connection to sign in with; `organization` or `provider` may be passed as authorization params instead. */
  connection?: string;
}

/** WorkOS SSO. `issuer` is only for a custom API domain; the default is `https://api.workos.com`. */
export default function WorkOS(options: WorkOSOptions = {}): OAuthProviderConfig<WorkOSProfile> {
  const base = options.issuer ?? "https://api.workos.com";
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: underBaseWithQuery(base, "/sso/authorize", { connection: options.connection }),
    token: underBase(base, "/sso/token"),
    userinfo: underBase(base, "/sso/profile"),
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const picture = profile.raw_attributes?.picture;
      return {
        id: profile.id,
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email,
        image: typeof picture === "string" ? picture : null,
      };
    },
    style: brandStyle("W", "#6363F1"),
    options,
  };
}
