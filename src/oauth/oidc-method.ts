import type { Profile } from "../shared-types.js";
import { backchannelLogout } from "../logout/backchannel.js";
import { rpLogout } from "../logout/rp-logout.js";
import type { SignInMethod } from "../flows/sign-in-method.js";
import { oauthSignIn } from "./authorize.js";
import { oauthCallback, requestUserinfo, userinfoProfile, type ProfileSource } from "./oauth-callback.js";
import { verifyIdToken } from "./id-token.js";
import { ProviderRequestError } from "../oauth-client/provider-fetch.js";

/**
 * The profile is the ID token's claims, verified by jose, unless the provider asks for its own userinfo request,
 * whose answer must then be about the token's subject.
 */
const idTokenProfile: ProfileSource = async ({ config, provider, endpoints, tokens, nonce }) => {
  if (provider.idToken === false) return userinfoProfile({ config, provider, endpoints, tokens, nonce });
  if (typeof tokens.id_token !== "string") throw new ProviderRequestError("the token response has no id_token");
  const claims = (await verifyIdToken(config, provider, tokens.id_token, {
    issuer: endpoints.issuer,
    jwksUrl: endpoints.jwks,
    nonce,
  })) as Profile;
  if (!provider.userinfo.request) return claims;
  const userinfo = await requestUserinfo(provider, provider.userinfo.request, tokens);
  // OpenID Connect Core §5.3.2: a userinfo answer about another subject than the verified ID token is not used.
  if (userinfo.sub !== undefined && userinfo.sub !== claims.sub)
    throw new ProviderRequestError("the userinfo sub is not the ID token's sub");
  return userinfo;
};

/**
 * OpenID Connect: OAuth's flow with the ID token verified, back-channel and RP-initiated logout. The OIDC provider modules
 * bring it, so an app with OAuth providers only carries neither jose nor the logout token.
 */
export const oidcMethod: SignInMethod<"oidc"> = {
  type: "oidc",
  signIn: oauthSignIn,
  callback: (ctx, provider) => oauthCallback(ctx, provider, idTokenProfile),
  backchannelLogout,
  rpLogout,
};
