import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { cachedDocument } from "./document-cache.js";
import { ProviderRequestError, originOf, providerFetch, readJson } from "./provider-fetch.js";

export interface Endpoints {
  issuer?: string;
  authorization: string;
  token: string;
  userinfo?: string;
  jwks?: string;
  /** The discovery document promises `iss` in every authorization response (RFC 9207 §3). */
  responseIss: boolean;
  /** Where RP-initiated logout sends the browser (OpenID Connect RP-Initiated Logout 1.0 §2.1). */
  endSession?: string;
}

function wellKnownUrl(provider: ParsedOAuthProvider): string | undefined {
  if (provider.wellKnown) return provider.wellKnown;
  if (!provider.issuer) return undefined;
  return `${provider.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

async function discover(config: ResolvedConfig, provider: ParsedOAuthProvider, url: string) {
  return cachedDocument(config.runtime.discovery, url, async () => {
    const response = await providerFetch(provider, "discovery", url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new ProviderRequestError(`discovery at ${originOf(url)} answered ${response.status}`);
    const document = await readJson(response, "discovery");
    if (provider.issuer && typeof document.issuer === "string" && !sameIssuer(document.issuer, provider.issuer)) {
      throw new ProviderRequestError(`discovery at ${originOf(url)} names another issuer than the configured one`);
    }
    return document;
  });
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Whether a discovery document's issuer is the configured one. Multi-tenant issuers (Microsoft's
 * `…/{tenantid}/v2.0`) match the configured tenant alias (`common`, `organizations`, `consumers`).
 */
function sameIssuer(discovered: string, configured: string): boolean {
  return trimSlash(discovered) === trimSlash(configured) || fitsIssuerTemplate(trimSlash(discovered), trimSlash(configured));
}

/** Whether `issuer` is a multi-tenant `template` (`…/{tenantid}/v2.0`) with one tenant name in the tenant's place. */
export function fitsIssuerTemplate(template: string, issuer: string): boolean {
  if (!template.includes("{tenantid}")) return false;
  const [before, after] = template.split("{tenantid}");
  return (
    issuer.startsWith(before) &&
    issuer.endsWith(after) &&
    /^[\w.-]+$/.test(issuer.slice(before.length, issuer.length - after.length))
  );
}

/** The provider's endpoints: its own where set, the rest from OpenID discovery. */
export async function resolveEndpoints(config: ResolvedConfig, provider: ParsedOAuthProvider): Promise<Endpoints> {
  const own = {
    authorization: provider.authorization.url,
    token: provider.token.url,
    userinfo: provider.userinfo.url,
    jwks: provider.jwks_endpoint,
  };
  const needsDiscovery =
    !own.authorization || !own.token || (provider.type === "oidc" && (!own.jwks || provider.endSession === true));
  const url = wellKnownUrl(provider);
  const document = needsDiscovery && url ? await discover(config, provider, url) : {};
  const pick = (key: string) => (typeof document[key] === "string" ? (document[key] as string) : undefined);
  const endpoints = {
    issuer: pick("issuer") ?? provider.issuer,
    authorization: own.authorization ?? pick("authorization_endpoint"),
    token: own.token ?? pick("token_endpoint"),
    userinfo: own.userinfo ?? pick("userinfo_endpoint"),
    jwks: own.jwks ?? pick("jwks_uri"),
    responseIss: document.authorization_response_iss_parameter_supported === true,
    endSession: pick("end_session_endpoint"),
  };
  if (!endpoints.authorization || !endpoints.token) {
    throw new ProviderRequestError(`provider "${provider.id}" has no authorization or token endpoint, and discovery gave none`);
  }
  return endpoints as Endpoints;
}
