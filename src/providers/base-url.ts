/**
 * An endpoint of a self-hosted provider: `path` under the instance's base URL, with any trailing
 * slash of the base dropped. Without a base there is no endpoint, and the core reports the
 * missing `issuer` instead of a request to a made-up URL.
 */
export function underBase(base: string | undefined, path: string): string | undefined {
  if (!base) return undefined;
  return `${base.replace(/\/+$/, "")}${path}`;
}
