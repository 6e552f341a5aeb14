import { providerEnvKey } from "./env-vars.js";
import { isOAuth } from "./providers/parse.js";
import type { ParsedProvider } from "./providers/provider-types.js";

/**
 * For each OAuth or OpenID Connect provider without a client id, or without a client secret while it has not
 * declared itself a public client (`token_endpoint_auth_method: "none"`): its id and what to set. Such a
 * provider starts, then sends the browser to the provider with `client_id=` or fails at the token endpoint.
 */
export function missingClientCredentials(providers: ParsedProvider[]): string[] {
  const missing: string[] = [];
  for (const provider of providers) {
    if (!isOAuth(provider)) continue;
    const publicClient = provider.client?.token_endpoint_auth_method === "none";
    const lacks = [!provider.clientId && "ID", !provider.clientSecret && !publicClient && "SECRET"].filter(
      (suffix): suffix is string => Boolean(suffix),
    );
    if (!lacks.length) continue;
    const variables = lacks.map((suffix) => providerEnvKey(provider.id, suffix)).join(" and ");
    const options = lacks.map((suffix) => (suffix === "ID" ? "`clientId`" : "`clientSecret`")).join(" and ");
    missing.push(`providers[id="${provider.id}"] has no ${options}: set ${variables}, or pass ${options} to the provider.`);
  }
  return missing;
}
