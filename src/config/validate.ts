import type { Adapter, AdapterMethod } from "../adapters/adapter-contract.js";
import { isUserFactorStore } from "../adapters/user-factors/factor-store.js";
import { InvalidProvider } from "../errors.js";
import {
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingSecret,
  UnsupportedStrategy,
  UntrustedHost,
} from "../configuration-errors.js";
import { isOAuth } from "./providers/parse.js";
import { missingMethodMessage } from "./providers/attach-method.js";
import { signInMethod, type ParsedProvider, type SignInMethodRef } from "./providers/provider-types.js";
import { validateLocaleSettings } from "../messages/locale.js";
import type { ResolvedConfig } from "./resolved-config.js";
import { needs } from "./store.js";

/** The adapter methods each enabled feature calls, with those the providers' sign-in methods name. */
export function requiredAdapterMethods(config: Pick<ResolvedConfig, "providers" | "strategy">): AdapterMethod[] {
  const needed = new Set<AdapterMethod>();
  const add = (methods: readonly AdapterMethod[] = []) => {
    for (const method of methods) needed.add(method);
  };
  const types = new Set(config.providers.map((p) => p.type));
  add(config.strategy.adapterMethods(types));
  if (types.has("oauth") || types.has("oidc") || types.has("email") || types.has("webauthn")) add(needs.users);
  for (const provider of config.providers) add(provider[signInMethod]?.adapterMethods);
  return [...needed];
}

export function missingAdapterMethods(adapter: Adapter, needed: readonly AdapterMethod[]): AdapterMethod[] {
  return needed.filter((method) => typeof adapter[method] !== "function");
}

function checkProvider(provider: ParsedProvider, config: ResolvedConfig) {
  const where = `providers[id="${provider.id}"]`;
  if (isOAuth(provider)) {
    if (!provider.issuer && !provider.wellKnown) {
      const missing = [
        !provider.authorization.url && "authorization",
        !provider.token.url && "token",
        !provider.userinfo.url && !provider.userinfo.request && provider.type === "oauth" && "userinfo",
      ].filter(Boolean);
      if (missing.length) {
        throw new InvalidEndpoints(
          `${where} has no ${missing.join(", ")} endpoint. Set \`issuer\` for OpenID discovery, or set ${missing.map((m) => `\`${m}\``).join(" and ")} to the provider's URL.`,
        );
      }
    }
    for (const key of ["authorization", "token", "userinfo"] as const) {
      const url = provider[key].url;
      if (url && !URL.canParse(url))
        throw new InvalidEndpoints(`${where}.${key} is not a valid URL: "${url}". Give an absolute https URL.`);
    }
    if (provider.issuer && !URL.canParse(provider.issuer)) {
      throw new InvalidEndpoints(
        `${where}.issuer is not a valid URL. Give the issuer's absolute URL, e.g. https://accounts.example.com.`,
      );
    }
    if (provider.endSession !== undefined && provider.type !== "oidc") {
      throw new InvalidProvider(
        `${where}.endSession needs an OpenID Connect provider (type "oidc") whose discovery document has an end_session_endpoint; this one is "${provider.type}". Remove \`endSession\` from it.`,
      );
    }
    if (provider.endSession !== undefined && typeof provider.endSession !== "boolean") {
      throw new InvalidProvider(`${where}.endSession must be true or false.`);
    }
    if (provider.storeTokensInSession !== undefined && typeof provider.storeTokensInSession !== "boolean") {
      throw new InvalidProvider(`${where}.storeTokensInSession must be true or false.`);
    }
    const skew = provider.accessTokenSkew;
    if (skew !== undefined && !(typeof skew === "number" && Number.isFinite(skew) && skew >= 0)) {
      throw new InvalidProvider(`${where}.accessTokenSkew must be a number of seconds, 0 or more (default 60).`);
    }
  }
  const method: SignInMethodRef | undefined = provider[signInMethod];
  // flows/sign-in-method.ts's methodOf hands a method only providers of its own type; start-up says so first.
  if (method?.type !== provider.type) throw new InvalidProvider(missingMethodMessage(where, provider));
  method.check?.(provider, where, config);
}

/** Start-up checks. Throws the first mistake found, naming the option and the fix. */
export function validateConfig(config: ResolvedConfig, production: boolean): void {
  if (!config.secrets.length && production) {
    throw new MissingSecret(
      "No secret is set. Set the AUTH_SECRET environment variable or the `secret` option to a random string of at least 32 characters (e.g. `openssl rand -base64 33`).",
    );
  }
  if (production && !config.trustHost && !config.envUrl) {
    throw new UntrustedHost(
      "In production the Host header alone is not trusted. Set AUTH_URL to the site's URL, or set `trustHost: true` (or AUTH_TRUST_HOST=true) when a proxy you control sets X-Forwarded-Host and X-Forwarded-Proto.",
    );
  }
  for (const [option, value, min] of [
    ["session.maxAge", config.session.maxAge, 1],
    ["session.updateAge", config.session.updateAge, 0],
    ["session.revocationCheckInterval", config.session.revocationCheckInterval, 0],
    ["jwt.maxAge", config.jwt.maxAge, 1],
    ["account.recentSignIn", config.account.recentSignIn, 1],
  ] as const) {
    if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
      throw new UnsupportedStrategy(`${option} must be a number of seconds ≥ ${min}; got ${String(value)}.`);
    }
  }
  if (typeof config.session.acceptNextAuthV4 !== "boolean") {
    throw new TypeError(
      `session.acceptNextAuthV4 must be true or false; got ${JSON.stringify(config.session.acceptNextAuthV4)}.`,
    );
  }
  validateLocaleSettings(config);
  if (config.userFactors !== undefined && !isUserFactorStore(config.userFactors)) {
    throw new TypeError(
      'userFactors must be a user-factor store, such as a sekisho adapter\'s: `userFactors: SQLiteAdapter("file:auth-extra.db").userFactors`, not the adapter itself.',
    );
  }
  if (!config.basePath.startsWith("/") || /[?#\\]/.test(config.basePath)) {
    throw new InvalidEndpoints(`basePath "${config.basePath}" must be a path starting with "/", such as "/auth".`);
  }
  const builtIn: Record<string, string> = {
    signIn: "/signin",
    signOut: "/signout",
    error: "/error",
    verifyRequest: "/verify-request",
    sessions: "/sessions",
  };
  for (const [page, route] of Object.entries(builtIn)) {
    const target = config.pages[page as keyof typeof config.pages];
    if (
      target &&
      URL.canParse(target, "http://x") &&
      new URL(target, "http://x").pathname.replace(/\/+$/, "") === config.basePath + route
    ) {
      throw new InvalidEndpoints(
        `pages.${page} is "${target}", sekisho's own ${route} route: it would redirect to itself. Remove pages.${page} to use the built-in page, or point it at a page of your app.`,
      );
    }
  }
  const ids = new Set<string>();
  for (const provider of config.providers) {
    if (!provider || typeof provider.id !== "string" || !/^[A-Za-z0-9_-]+$/.test(provider.id)) {
      throw new InvalidProvider(
        `A provider has no valid \`id\` (letters, digits, "-" and "_"); got ${JSON.stringify(provider?.id)}.`,
      );
    }
    if (ids.has(provider.id))
      throw new InvalidProvider(`Two providers share the id "${provider.id}". Give one of them another \`id\`.`);
    ids.add(provider.id);
    checkProvider(provider, config);
  }
  const keeper = config.providers.find((p) => p.type === "email" || p.type === "webauthn" || p[signInMethod]?.ownsUsers);
  const needsAdapter = config.strategy.needsAdapter ?? keeper?.type;
  const named: Record<string, string> = {
    email: "An email provider",
    webauthn: "A WebAuthn provider",
    credentials: "The Password provider",
  };
  if (needsAdapter && !config.adapter) {
    throw new MissingAdapter(
      `${named[needsAdapter] ?? needsAdapter} needs a database. Set \`adapter\`, e.g. \`adapter: SQLiteAdapter("file:auth.db")\` from "sekisho/adapters/sqlite".`,
    );
  }
  if (config.adapter) {
    const missing = missingAdapterMethods(config.adapter, requiredAdapterMethods(config));
    if (missing.length) {
      throw new MissingAdapterMethods(
        `The adapter lacks ${missing.join(", ")}, which the configured features call. Implement them, or use a complete adapter such as "sekisho/adapters/sqlite".`,
      );
    }
  }
}
