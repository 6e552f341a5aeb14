/**
 * The catalog's ClickUp and HubSpot providers against the fake OAuth server. Their `[customFetch]` sends
 * every request to the fake server and answers the profile request in the provider's own shape, built
 * from the fake's `/user` for the access token: ClickUp's `{user: {id, email, …}}`, and HubSpot's
 * token metadata looked up by the token in the URL path.
 */
import ClickUp, { type ClickUpProfile } from "../../../src/providers/click-up.js";
import HubSpot, { type HubSpotProfile } from "../../../src/providers/hubspot.js";
import { customFetch, type OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";
import type { FakeOAuth } from "../../helpers/fake-oauth.js";

type Fake = Pick<FakeOAuth, "origin" | "clientId" | "clientSecret">;

const endpoints = (fake: Fake) => ({
  authorization: `${fake.origin}/login/oauth/authorize`,
  token: `${fake.origin}/login/oauth/access_token`,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
});

/** The fake's `/user` for the token, reshaped by `shape` when the fake answers 200, else the fake's answer as it is. */
async function fakeUser(fake: Fake, accessToken: string, shape: (user: Record<string, any>) => unknown): Promise<Response> {
  const response = await fetch(`${fake.origin}/user`, { headers: { authorization: `Bearer ${accessToken}`, "user-agent": "test" } });
  return response.ok ? Response.json(shape(await response.json())) : response;
}

const bearerOf = (init?: RequestInit) => /^Bearer (.+)$/.exec(new Headers(init?.headers).get("authorization") ?? "")?.[1] ?? "";

/** ClickUp, its profile request answered as ClickUp's `GET /api/v2/user`. */
export function fakeClickUp(fake: Fake): OAuthProviderConfig<ClickUpProfile> {
  const shaped: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/api/v2/user") return fetch(input, init);
    return fakeUser(fake, bearerOf(init), (user) => ({
      user: { id: user.id, username: user.login, email: user.email, profilePicture: user.avatar_url, color: "#000", initials: "X" },
    }));
  };
  return ClickUp({ ...endpoints(fake), userinfo: `${fake.origin}/api/v2/user`, [customFetch]: shaped });
}

/**
 * HubSpot, its profile request answered as HubSpot's access-token metadata. `profileOrigin` is where that
 * request goes: another origin (a closed port, say) makes it fail.
 */
export function fakeHubSpot(fake: Fake, profileOrigin = fake.origin): OAuthProviderConfig<HubSpotProfile> {
  const prefix = "/oauth/v1/access-tokens/";
  const shaped: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith(prefix) || url.origin !== fake.origin) return fetch(input, init);
    const token = decodeURIComponent(url.pathname.slice(prefix.length));
    return fakeUser(fake, token, (user) => ({
      token,
      user: user.email,
      user_id: user.id,
      hub_domain: "example.hubspot.com",
      hub_id: 1,
      app_id: 2,
      scopes: ["oauth"],
      expires_in: 1800,
      token_type: "access",
    }));
  };
  return HubSpot({ ...endpoints(fake), userinfo: { url: `${profileOrigin}/oauth/v1/access-tokens` }, [customFetch]: shaped });
}
