import { AuthError } from "../../errors.js";
import type { AuthContext } from "../../http/context.js";
import { resolveCallbackUrl } from "../../http/callback-url.js";
import { keeping, redirect, type Outcome } from "../../http/outcome.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import { randomHex } from "../../crypto.js";
import { checkCookie } from "../checks.js";
import { resolveEndpoints, type Endpoints } from "../../oauth-client/discovery.js";
import { ProviderRequestError, originOf } from "../../oauth-client/provider-fetch.js";
import { requiredChecks } from "./required-checks.js";
import { createState } from "./state.js";
import { reauthMaxAge } from "./auth-time.js";
import { authorizationUrl, codeChallenge, createCodeVerifier } from "./authorization-url.js";

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
