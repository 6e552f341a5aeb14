import { brandMark } from "../config/providers/logos.js";
import { coinbaseMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Coinbase's `GET /v2/user`. */
export interface CoinbaseProfile extends Profile {
  data: {
    id: string;
    name: string;
    username: string | null;
    profile_location: string | null;
    profile_bio: string | null;
    profile_url: string | null;
    avatar_url: string;
    resource: "user";
    resource_path: string;
    email?: string;
  };
}

export default function Coinbase(
  options: Partial<OAuthProviderConfig<CoinbaseProfile>> = {},
): OAuthProviderConfig<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization: {
      url: "https://login.coinbase.com/oauth2/auth",
      params: { scope: "wallet:user:read wallet:user:email" },
    },
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    profile({ data }) {
      return { id: data.id, name: data.name, email: data.email ?? null, image: data.avatar_url ?? null };
    },
    style: brandMark(coinbaseMark, "#0052FF"),
    options,
  };
}
