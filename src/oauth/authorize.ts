import { AuthError } from "../errors.js";
import { OAuthCallbackError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { keeping, redirect, type Outcome } from "../http/outcome.js";
import type { ParsedOAuthProvider, Check } from "../config/providers/provider-types.js";
import { randomHex } from "../crypto.js";
import { checkCookie } from "../http/sealed-cookie.js";
import { resolveEndpoints, type Endpoints } from "../oauth-client/discovery.js";
import { ProviderRequestError, originOf } from "../oauth-client/provider-fetch.js";
import { createState } from "./state.js";
import { authorizationUrl, codeChallenge, createCodeVerifier } from "./authorization-url.js";
import type { Profile } from "../shared-types.js";
import { CLOCK_TOLERANCE } from "../session/jwt-codec.js";

/** Parameters the request may not override: they carry the flow's own checks and identity. */
const protectedParams = new Set([
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "redirect_uri",
  "client_id",
  "response_type",
]);

/** The redirect_uri: this deployment's callback, or the stable deployment's behind a redirect proxy. */
export function redirectUri(ctx: AuthContext, provider: ParsedOAuthProvider): string {
  const proxy = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  const base = proxy ? proxy.replace(/\/+$/, "") : ctx.baseUrl;
  return `${base}/callback/${provider.id}`;
}

/**
 * The checks a sign-in with `provider` runs besides `state`, which every sign-in carries: the provider's own,
 * and `nonce` whenever an ID token is verified. Stricter than the reference, which runs only the provider's:
 * a provider's list can add PKCE, never take away the state or the nonce.
 */
export function requiredChecks(provider: ParsedOAuthProvider): Set<Check> {
  const checks = new Set<Check>(provider.checks.filter((check) => check !== "none" && check !== "state"));
  if (provider.type === "oidc" && provider.idToken !== false) checks.add("nonce");
  return checks;
}

/**
 * The sign-in body field that asks for a sign-in again: "1" from the sign-in page after `RecentSignInRequired`,
 * "true" from `signIn(provider, { reauth: true })`, which sends its options as form fields.
 */
const reauthField = "reauth";
const reauthValues = new Set(["1", "true"]);

/**
 * The `max_age` a sign-in asks an OpenID provider for: `account.recentSignIn` when the sign-in is one again for a
 * sensitive action, else none. Plain OAuth providers have no way to be asked.
 */
export function reauthMaxAge(ctx: AuthContext, provider: ParsedOAuthProvider): number | undefined {
  return provider.type === "oidc" && reauthValues.has(String(ctx.body[reauthField]))
    ? ctx.config.account.recentSignIn
    : undefined;
}

/**
 * When the user signed in at an OpenID provider: the verified ID token's `auth_time`, never later than now. A
 * sign-in that sent `max_age` needs it, and within that age (OpenID Connect Core §3.1.2.1, §3.1.3.7 step 13):
 * a provider that kept its own session instead of asking the user again does not count as a sign-in again.
 */
export function authTimeOf(
  provider: ParsedOAuthProvider,
  profile: Profile,
  maxAge: number | undefined,
  now = Math.floor(Date.now() / 1000),
): number | undefined {
  if (provider.type !== "oidc") return undefined;
  const authTime = typeof profile.auth_time === "number" && Number.isFinite(profile.auth_time) ? profile.auth_time : undefined;
  if (maxAge === undefined) return authTime === undefined ? undefined : Math.min(now, authTime);
  if (authTime === undefined)
    throw new OAuthCallbackError(`Provider "${provider.id}": the ID token has no auth_time, and max_age was sent.`, {
      provider: provider.id,
    });
  if (authTime < now - maxAge - CLOCK_TOLERANCE)
    throw new OAuthCallbackError(`Provider "${provider.id}": the user did not sign in again (auth_time is past max_age).`, {
      provider: provider.id,
    });
  return Math.min(now, authTime);
}

/** `POST /signin/:id` for OAuth/OIDC: check cookies, then a redirect to the provider's authorization endpoint. */
export async function oauthSignIn(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<Outcome> {
  const { cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () => toProvider(ctx, provider));
}

async function toProvider(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<Outcome> {
  let endpoints: Endpoints;
  try {
    endpoints = await resolveEndpoints(ctx.config, provider);
  } catch (error) {
    // Like the reference, a provider that cannot be reached at sign-in is the error page's Configuration, not the sign-in page's.
    if (error instanceof ProviderRequestError) {
      throw new AuthError(`Provider "${provider.id}" cannot be used: ${error.message}`, { err: error, provider: provider.id });
    }
    throw error;
  }
  const proxied = Boolean(provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl);
  const checks = requiredChecks(provider);
  const ownCallback = `${ctx.baseUrl}/callback/${provider.id}`;
  const uri = redirectUri(ctx, provider);
  const scope = provider.authorization.params.scope;
  const state = await createState(ctx, proxied && uri !== ownCallback ? ownCallback : undefined);
  const verifier = checks.has("pkce") ? createCodeVerifier() : undefined;
  const url = authorizationUrl({
    endpoint: endpoints.authorization,
    clientId: provider.clientId ?? "",
    redirectUri: uri,
    scope,
    state,
    codeChallenge: verifier && (await codeChallenge(verifier)),
  });
  const cookies = verifier ? [await checkCookie(ctx, "pkceCodeVerifier", verifier, provider.id)] : [];
  const maxAge = reauthMaxAge(ctx, provider);
  cookies.push(await checkCookie(ctx, "state", state, provider.id, undefined, maxAge === undefined ? {} : { maxAge }));

  const extra: Record<string, string | undefined> = { ...provider.authorization.params, ...ctx.query };
  delete extra.scope;
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined || protectedParams.has(key) || key === "callbackUrl") continue;
    url.searchParams.set(key, value);
  }
  if (ctx.query.scope) url.searchParams.set("scope", ctx.query.scope);
  if (maxAge !== undefined) {
    url.searchParams.set("max_age", String(maxAge));
    url.searchParams.set("prompt", "login");
  }
  if (checks.has("nonce")) {
    const nonce = randomHex(32);
    url.searchParams.set("nonce", nonce);
    cookies.push(await checkCookie(ctx, "nonce", nonce, provider.id));
  }
  ctx.config.logger.debug("authorization url", { provider: provider.id, origin: originOf(endpoints.authorization) });
  return redirect(url.href, cookies);
}
