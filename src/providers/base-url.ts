/**
 * An endpoint of a self-hosted provider: `path` under the instance's base URL, with any trailing
 * slash of the base dropped. Without a base there is no endpoint, and the core reports the
 * missing `issuer` instead of a request to a made-up URL.
 */
export function underBase(base: string | undefined, path: string): string | undefined {
  if (!base) return undefined;
  return `${base.replace(/\/+$/, "")}${path}`;
}

/**
 * `underBase(base, path)` with `query` in its query string: the reference's shape for the authorization endpoint of
 * a self-hosted provider (one string, read and overridden as such by apps). Undefined values are left out.
 */
export function underBaseWithQuery(
  base: string | undefined,
  path: string,
  query: Record<string, string | undefined>,
): string | undefined {
  const url = underBase(base, path);
  if (!url) return undefined;
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return defined.length ? `${url}?${new URLSearchParams(defined)}` : url;
}
