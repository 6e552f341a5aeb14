import { InvalidCheck } from "../errors.js";
import { OAuthCallbackError } from "../sign-in-errors.js";
import { OAuthProfileParseError } from "../configuration-errors.js";
import type { AuthContext } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { keeping, type Outcome, redirect } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider, UserinfoRequest } from "../config/providers/provider-types.js";
import { timingSafeEqual } from "../crypto.js";
import type { Account, Profile, TokenSet, User } from "../shared-types.js";
import { finishSignIn } from "../flows/sign-in.js";
import { clearChecks, openCheckCookie, useCheckCookie } from "../http/sealed-cookie.js";
import { authTimeOf, redirectUri, requiredChecks } from "./authorize.js";
import { resolveEndpoints, type Endpoints, fitsIssuerTemplate } from "../oauth-client/discovery.js";
import { ProviderRequestError, providerFetch, readJson, withTimedFetch, exchangeCode } from "../oauth-client/provider-fetch.js";
import { untrustedText } from "../oauth-client/untrusted-text.js";
import { originAllowed } from "../config/origin-patterns.js";
import { stateReturnUrl } from "./state.js";

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

/**
 * RFC 9207 §2.4: the authorization response's `iss` names the provider the code came from, which defeats
 * mix-up attacks. It is required when the provider's discovery document promises it, and checked whenever
 * it is present and the provider's issuer is known.
 */
export function checkResponseIssuer(iss: string | undefined, endpoints: Endpoints): void {
  if (iss === undefined) {
    if (endpoints.responseIss)
      throw new ProviderRequestError("the authorization response has no iss, which the provider promises (RFC 9207)");
    return;
  }
  if (endpoints.issuer !== undefined && iss !== endpoints.issuer && !fitsIssuerTemplate(endpoints.issuer, iss)) {
    throw new ProviderRequestError("the authorization response's iss is not this provider's issuer (RFC 9207)");
  }
}

/** OAuth 2.0's callback: the profile from the provider's userinfo request or endpoint. */
export function userinfoCallback(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<Outcome> {
  return oauthCallback(ctx, provider, userinfoProfile);
}

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

/** The part of Apple's `user` form field that is kept: the name, which its ID token does not carry. */
export interface FormPostUser {
  name: { firstName?: string; lastName?: string };
}

/**
 * Apple posts `user` (JSON) with the callback form, on the first consent only. Nothing in it is signed,
 * and anyone can post or append it, so it is read only for an OpenID provider that asks for form_post,
 * and only its name is kept: identity and email come from the verified ID token alone.
 */
export function formPostUser(provider: ParsedOAuthProvider, value: string | undefined): FormPostUser | undefined {
  if (value === undefined || provider.type !== "oidc" || provider.authorization.params.response_mode !== "form_post")
    return undefined;
  const name = (parseJson(value) as { name?: Record<string, unknown> } | undefined)?.name;
  if (typeof name !== "object" || name === null) return undefined;
  const kept: FormPostUser["name"] = {};
  if (isName(name.firstName)) kept.firstName = name.firstName;
  if (isName(name.lastName)) kept.lastName = name.lastName;
  return kept.firstName || kept.lastName ? { name: kept } : undefined;
}

/** The profile with `user` beside the ID token's claims; a claim of the same name wins. */
export function withFormPostUser(profile: Profile, user: FormPostUser | undefined): Profile {
  return user ? { user, ...profile } : profile;
}

const isName = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 100;

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * The redirect proxy's one step: at the deployment `redirectProxyUrl` names, a callback whose state names
 * another deployment's callback is sent on there, with every parameter, when that origin is one this
 * deployment allows. Undefined when the callback is this deployment's own to finish.
 */
export async function forwardToPreview(
  ctx: AuthContext,
  provider: ParsedOAuthProvider,
  params: Record<string, string>,
): Promise<Outcome | undefined> {
  const proxy = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  if (!proxy || !params.state || !URL.canParse(proxy) || new URL(proxy).origin !== ctx.origin) return undefined;
  const returnTo = await stateReturnUrl(ctx, params.state);
  if (!returnTo || !URL.canParse(returnTo)) return undefined;
  const target = new URL(returnTo);
  if (target.origin === ctx.origin) return undefined;
  if (
    !originAllowed(ctx.config.redirectProxyAllowedOrigins, target.origin) ||
    !target.pathname.endsWith(`/callback/${provider.id}`)
  ) {
    throw new InvalidCheck(
      `Provider "${provider.id}": the state names ${target.origin}, which redirectProxyAllowedOrigins does not allow; the callback was not forwarded.`,
    );
  }
  return redirect(withQuery(returnTo, params));
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
