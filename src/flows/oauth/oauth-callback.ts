import { InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from "../../errors.js";
import type { AuthContext } from "../../http/context.js";
import { resolveCallbackUrl } from "../../http/callback-url.js";
import { keeping, type Outcome } from "../../http/outcome.js";
import { withQuery } from "../../http/url.js";
import type { ResolvedConfig } from "../../config/config-types.js";
import type { ParsedOAuthProvider, UserinfoRequest } from "../../config/providers/provider-types.js";
import { timingSafeEqual } from "../../crypto.js";
import type { Account, Profile, TokenSet, User } from "../../shared-types.js";
import { finishSignIn } from "../sign-in.js";
import { clearChecks, openCheckCookie, useCheckCookie } from "../checks.js";
import { authTimeOf } from "./auth-time.js";
import { resolveEndpoints, type Endpoints } from "../../oauth-client/discovery.js";
import { formPostUser, withFormPostUser } from "./form-post-user.js";
import { ProviderRequestError, providerFetch, readJson, withTimedFetch } from "../../oauth-client/provider-fetch.js";
import { redirectUri } from "./authorize.js";
import { requiredChecks } from "./required-checks.js";
import { checkResponseIssuer } from "./response-issuer.js";
import { forwardToPreview } from "./redirect-proxy.js";
import { exchangeCode } from "../../oauth-client/token-endpoint.js";
import { untrustedText } from "../../oauth-client/untrusted-text.js";

function stringParams(source: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params[key] = value;
  return params;
}

/** A provider's own userinfo request talks to the provider too: it gets the timeout, and its failures are the provider's. */
export async function requestUserinfo(
  provider: ParsedOAuthProvider,
  request: UserinfoRequest,
  tokens: TokenSet,
): Promise<Profile> {
  try {
    return await request({ tokens, provider: withTimedFetch(provider) });
  } catch (error) {
    if (error instanceof ProviderRequestError) throw error;
    throw new ProviderRequestError(`userinfo request failed: ${(error as Error)?.message}`, { cause: error });
  }
}

/** What a method reads the profile from, once the code is exchanged for `tokens`. */
export type ProfileSource = (exchange: {
  config: ResolvedConfig;
  provider: ParsedOAuthProvider;
  endpoints: Endpoints;
  tokens: TokenSet;
  nonce?: string;
}) => Promise<Profile>;

/** OAuth's profile: the provider's own userinfo request, or its userinfo endpoint. */
export const userinfoProfile: ProfileSource = async ({ provider, endpoints, tokens }) => {
  if (provider.userinfo.request) return requestUserinfo(provider, provider.userinfo.request, tokens);
  if (!endpoints.userinfo) throw new ProviderRequestError("the provider has no userinfo endpoint");
  const url = withQuery(endpoints.userinfo, provider.userinfo.params);
  const response = await providerFetch(provider, "userinfo endpoint", url, {
    headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json", "User-Agent": "sekisho" },
  });
  const profile = await readJson(response, "userinfo endpoint");
  if (!response.ok) throw new ProviderRequestError(`userinfo endpoint answered ${response.status}`);
  return profile as Profile;
};

/** Runs every step that talks to the provider; any failure there is the provider's, reported as OAuthCallbackError. */
async function obtainProfile(
  ctx: AuthContext,
  provider: ParsedOAuthProvider,
  profileSource: ProfileSource,
  params: Record<string, string>,
  verifier?: string,
  nonce?: string,
) {
  const endpoints = await resolveEndpoints(ctx.config, provider);
  checkResponseIssuer(params.iss, endpoints);
  const tokens = await exchangeCode(provider, endpoints.token, {
    code: params.code,
    redirectUri: redirectUri(ctx, provider),
    codeVerifier: verifier,
  });
  return { tokens, profile: await profileSource({ config: ctx.config, provider, endpoints, tokens, nonce }) };
}

async function mapProfile(provider: ParsedOAuthProvider, profile: Profile, tokens: TokenSet) {
  try {
    const user = await provider.profile(profile, tokens);
    if (!user || user.id === undefined || user.id === null || user.id === "") throw new Error("profile() returned no id");
    // JSON from the provider: as text, every object id is "[object Object]", and an object email reaches the adapter
    if (typeof user.id !== "string" && !Number.isFinite(user.id)) throw new Error("profile() returned an id that is not text");
    if (user.email != null && typeof user.email !== "string") throw new Error("profile() returned an email that is not text");
    const account = (await provider.account(tokens)) ?? {};
    return { user: { ...user, id: String(user.id) } as User, account };
  } catch (error) {
    throw new OAuthProfileParseError(`Provider "${provider.id}": the profile could not be mapped.`, {
      err: error as Error,
      provider: provider.id,
    });
  }
}

/**
 * `GET|POST /callback/:id` for OAuth/OIDC. A form_post arrives cross-site without the lax check cookies,
 * so it is turned into a same-site GET first; then the checks, the code exchange, the profile, and the shared finish.
 */
export async function oauthCallback(
  ctx: AuthContext,
  provider: ParsedOAuthProvider,
  profileSource: ProfileSource,
): Promise<Outcome> {
  const post = ctx.request.method === "POST";
  const params = stringParams(post ? ctx.body : ctx.query);
  if (post) {
    const { user, ...forwarded } = params;
    const kept = formPostUser(provider, user);
    if (kept) forwarded.user = JSON.stringify(kept);
    const target = withQuery(`${ctx.baseUrl}/callback/${provider.id}`, forwarded);
    return { kind: "reply", status: 303, body: null, headers: { Location: target, "Cache-Control": "no-store" }, cookies: [] };
  }
  const proxied = await forwardToPreview(ctx, provider, params);
  if (proxied) return proxied;
  // The checks are used once: cleared whether the sign-in then succeeds or fails.
  return keeping(clearChecks(ctx, ["state", "pkceCodeVerifier", "nonce"]), () =>
    completeSignIn(ctx, provider, profileSource, params),
  );
}

async function completeSignIn(
  ctx: AuthContext,
  provider: ParsedOAuthProvider,
  profileSource: ProfileSource,
  params: Record<string, string>,
): Promise<Outcome> {
  const checks = requiredChecks(provider);
  const [stateCheck, verifier, nonce] = await Promise.all([
    openCheckCookie(ctx, "state", provider.id),
    useCheckCookie(ctx, "pkceCodeVerifier", provider.id),
    useCheckCookie(ctx, "nonce", provider.id),
  ]);
  const state = stateCheck?.value;
  if (!state || !params.state || !timingSafeEqual(state, params.state)) {
    throw new InvalidCheck(`Provider "${provider.id}": the state does not match the state cookie.`);
  }
  if (checks.has("pkce") && !verifier)
    throw new InvalidCheck(`Provider "${provider.id}": the PKCE code_verifier cookie is missing.`);
  if (checks.has("nonce") && !nonce) throw new InvalidCheck(`Provider "${provider.id}": the nonce cookie is missing.`);

  if (params.error) {
    const description = params.error_description ? `: ${untrustedText(params.error_description, 200)}` : "";
    throw new OAuthCallbackError(`Provider "${provider.id}" returned ${untrustedText(params.error, 64)}${description}`, {
      provider: provider.id,
    });
  }
  if (!params.code) throw new OAuthCallbackError(`Provider "${provider.id}" returned no code.`, { provider: provider.id });

  let obtained: Awaited<ReturnType<typeof obtainProfile>>;
  try {
    obtained = await obtainProfile(ctx, provider, profileSource, params, verifier, nonce);
  } catch (error) {
    if (!(error instanceof ProviderRequestError)) throw error;
    throw new OAuthCallbackError(`Provider "${provider.id}": ${error.message}`, { err: error, provider: provider.id });
  }
  const { tokens } = obtained;
  const profile = withFormPostUser(obtained.profile, formPostUser(provider, params.user));
  const provedAt = authTimeOf(provider, profile, typeof stateCheck?.maxAge === "number" ? stateCheck.maxAge : undefined);
  const { user, account: accountFields } = await mapProfile(provider, profile, tokens);
  const account: Account = { ...accountFields, provider: provider.id, type: provider.type, providerAccountId: user.id! };
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () =>
    finishSignIn(ctx, {
      user,
      account,
      profile,
      allowEmailLinking: provider.allowDangerousEmailAccountLinking,
      callbackUrl,
      provedAt,
    }),
  );
}
