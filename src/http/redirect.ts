import { InvalidCallbackUrl } from "../errors.js";

// C0 controls, DEL and C1 controls: browsers strip some of them, which turns harmless-looking values into other URLs.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a callback URL string can be used at all. Cross-origin values are allowed here; the redirect callback decides. */
export function isWellFormedCallbackUrl(value: string): boolean {
  if (value.length > 2048 || controlCharacters.test(value)) return false;
  return URL.canParse(value, "http://localhost");
}

function isProtocolRelative(url: string): boolean {
  return /^[/\\]{2}/.test(url) || /^\/\\|^\\/.test(url);
}

/**
 * The default `redirect` callback: relative paths join `baseUrl`, same-origin URLs pass, anything else becomes `baseUrl`.
 * `//host`, `/\host`, `javascript:` and control characters never pass.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (typeof url !== "string" || !isWellFormedCallbackUrl(url) || url.includes("\\")) return baseUrl;
  if (url.startsWith("/")) return isProtocolRelative(url) ? baseUrl : `${baseUrl}${url}`;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === new URL(baseUrl).origin) {
    return parsed.username || parsed.password ? baseUrl : parsed.href;
  }
  return baseUrl;
}

/** A callback URL from a request: absent gives undefined, malformed raises InvalidCallbackUrl (a 400). */
export function readCallbackUrl(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !isWellFormedCallbackUrl(value)) {
    throw new InvalidCallbackUrl("The callbackUrl is malformed.");
  }
  return value;
}

/** Runs the app's redirect callback and makes sure what it returns can go in a Location header. */
export async function applyRedirectCallback(
  redirect: (params: { url: string; baseUrl: string }) => string | PromiseLike<string>,
  url: string,
  baseUrl: string,
): Promise<string> {
  const result = await redirect({ url, baseUrl });
  if (typeof result !== "string" || controlCharacters.test(result) || !URL.canParse(result, baseUrl)) return baseUrl;
  return new URL(result, baseUrl).href;
}
