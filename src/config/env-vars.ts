/** Reading the process environment without assuming Node: Workers pass their bindings through lazy config instead. */
export type Env = Record<string, string | undefined>;

export function processEnv(): Env {
  const proc = (globalThis as { process?: { env?: Env } }).process;
  return proc?.env ?? {};
}

export function isProduction(env: Env): boolean {
  return env.NODE_ENV === "production";
}

/** `AUTH_TRUST_HOST`: unset gives undefined; "false" and "0" are false. */
export function envFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["false", "0", "no", "off"].includes(value.trim().toLowerCase());
}

/**
 * Vercel's edge sets X-Forwarded-Host and X-Forwarded-Proto itself. Cloudflare is not on the list: it passes
 * a client's X-Forwarded-Host through unchanged, and a Worker's request URL already has the public host.
 */
export function platformSetsForwardedHeaders(env: Env): boolean {
  return Boolean(env.VERCEL);
}

/** `AUTH_{ID}_…`: the provider id upper-cased, with "-" turned into "_". */
export function providerEnvKey(id: string, suffix: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}_${suffix}`;
}
