// C0 controls, DEL and C1 controls: browsers strip some of them, which turns harmless-looking values into other URLs.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return controlCharacters.test(value);
}

/** Whether a callback URL string can be used at all. Cross-origin values are allowed here; the redirect callback decides. */
export function isWellFormedCallbackUrl(value: string): boolean {
  if (value.length > 2048 || hasControlCharacters(value)) return false;
  return URL.canParse(value, "http://localhost");
}

function isProtocolRelative(url: string): boolean {
  return /^[/\\]{2}/.test(url) || /^\/\\|^\\/.test(url);
}

/**
 * The default `redirect` callback: relative paths join `baseUrl`, same-origin URLs pass, anything else becomes `baseUrl`.
 * `//host`, `/\host`, `javascript:`, control characters, and paths that resolve to one beginning `//` never pass.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (typeof url !== "string" || !isWellFormedCallbackUrl(url) || url.includes("\\")) return baseUrl;
  if (url.startsWith("/")) return isProtocolRelative(url) || resolvesToHost(`${baseUrl}${url}`) ? baseUrl : `${baseUrl}${url}`;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === new URL(baseUrl).origin) {
    return parsed.username || parsed.password || resolvesToHost(parsed.href) ? baseUrl : parsed.href;
  }
  return baseUrl;
}

/** A URL whose path, once dot segments go (`/.//evil.com`), begins `//`: read as a relative URL, that is a host. */
function resolvesToHost(absolute: string): boolean {
  return !URL.canParse(absolute) || new URL(absolute).pathname.startsWith("//");
}
