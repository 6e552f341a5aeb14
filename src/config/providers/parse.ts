import type { Env } from "../env-vars.js";
import { providerEnvKey } from "../env-vars.js";
import { defaultAccount, defaultProfile } from "../defaults.js";
import type {
  EndpointConfig,
  EnvProviderOptions,
  OAuthProviderConfig,
  ParsedOAuthProvider,
  ParsedProvider,
  Provider,
  ProviderConfig,
} from "./provider-types.js";

const endpointKeys = ["authorization", "token", "userinfo"] as const;

function isPlainObject(value: unknown): value is Record<string | symbol, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
  );
}

function toEndpoint(value: unknown): (EndpointConfig & { params: Record<string, string | undefined> }) | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return { url: value, params: {} };
  const endpoint = value as EndpointConfig;
  return { ...endpoint, params: { ...endpoint.params } };
}

function mergeEndpoint(base: unknown, override: unknown) {
  const a = toEndpoint(base);
  const b = toEndpoint(override);
  if (!a || !b) return a ?? b;
  return { ...a, ...b, params: { ...a.params, ...b.params } };
}

/** Applies a provider's `options` (the user's overrides) over its defaults, merging endpoint params. */
function applyOverrides<T extends ProviderConfig>(config: T): T {
  const { options, ...defaults } = config as T & { options?: Record<string | symbol, unknown> };
  if (!options || !isPlainObject(options)) return defaults as T;
  const merged: Record<string | symbol, unknown> = { ...defaults, ...options };
  for (const key of endpointKeys) {
    if (key in defaults || key in options) merged[key] = mergeEndpoint((defaults as Record<string, unknown>)[key], options[key]);
  }
  return merged as T;
}

function parseOAuth(config: OAuthProviderConfig, env: Env): ParsedOAuthProvider {
  const id = config.id;
  const issuer = config.issuer ?? env[providerEnvKey(id, "ISSUER")];
  const parsed: ParsedOAuthProvider = {
    ...config,
    clientId: config.clientId ?? env[providerEnvKey(id, "ID")],
    clientSecret: config.clientSecret ?? env[providerEnvKey(id, "SECRET")],
    issuer,
    authorization: toEndpoint(config.authorization) ?? { params: {} },
    token: toEndpoint(config.token) ?? { params: {} },
    userinfo: toEndpoint(config.userinfo) ?? { params: {} },
    checks: config.checks ?? ["pkce"],
    profile: config.profile ?? defaultProfile,
    account: config.account ?? defaultAccount,
  };
  if (parsed.type === "oidc" && !parsed.authorization.params.scope) {
    parsed.authorization.params.scope = "openid profile email";
  }
  return parsed;
}

/** The options a provider function is called with from `AUTH_{ID}_*`, so it can build endpoints from them. */
function envOptions(provider: ProviderConfig, env: Env): EnvProviderOptions {
  const fields: Record<string, string> =
    provider.type === "email"
      ? { apiKey: "KEY" }
      : provider.type === "oauth" || provider.type === "oidc"
        ? { clientId: "ID", clientSecret: "SECRET", issuer: "ISSUER" }
        : {};
  const options: Record<string, string> = {};
  for (const [field, suffix] of Object.entries(fields)) {
    const value = env[providerEnvKey(provider.id, suffix)];
    if (value) options[field] = value;
  }
  return options;
}

/** Turns one entry of `providers` into its final config. */
export function parseProvider(input: Provider, env: Env): ParsedProvider {
  let raw = typeof input === "function" ? input() : input;
  if (typeof input === "function") {
    const fromEnv = envOptions(raw, env);
    if (Object.keys(fromEnv).length) raw = input(fromEnv);
  }
  const config = applyOverrides(raw);
  switch (config.type) {
    case "oauth":
    case "oidc":
      return parseOAuth(config, env);
    case "email":
      return { ...config, apiKey: config.apiKey ?? env[providerEnvKey(config.id, "KEY")] };
    default:
      return config;
  }
}

export function isOAuth(provider: ParsedProvider): provider is ParsedOAuthProvider {
  return provider.type === "oauth" || provider.type === "oidc";
}
