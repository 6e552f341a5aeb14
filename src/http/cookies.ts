/** Cookie parsing, Set-Cookie serialization and the one Set-Cookie writer, session cookie chunking, and the default cookie set. */
import type { CookieAttributes, CookieOption, CookiesOptions } from "../config/cookie-options.js";

/** A cookie to send in a Set-Cookie header. */
export interface OutCookie {
  name: string;
  value: string;
  options: CookieAttributes;
}

/**
 * Longest value one cookie carries before it is split: 4096 bytes, the size browsers guarantee,
 * less 160 for the name and attributes. The reference splits at the same length, so chunks match.
 */
export const CHUNK_SIZE = 4096 - 160;

/** RFC 6265 §4.1.1: cookie-name is an RFC 7230 token. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Any CHAR except controls and ";" (RFC 6265 §4.1.1 path-value). */
const PATH = /^[\x20-\x3A\x3C-\x7E]*$/;
/** Host-name labels (RFC 1123), with the leading dot browsers ignore. */
const DOMAIN = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const SAME_SITE = { lax: "Lax", strict: "Strict", none: "None" } as const;

/**
 * Reads a Cookie header into name → value. Never throws: pairs without "=" or with an empty name are
 * skipped, the first of duplicate names wins, and a value that is not valid percent-encoding is kept as is.
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  // Each search starts past the last, so a long header of pairs without "=" still costs one pass.
  let eq = header.indexOf("=");
  for (let start = 0; eq !== -1 && start <= header.length; ) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    if (eq < start) eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end) {
      const name = trimmed(header, start, eq);
      if (name && !(name in cookies)) cookies[name] = percentDecode(trimmed(header, eq + 1, end));
    }
    start = end + 1;
  }
  return cookies;
}

/** `text.slice(start, end)` without leading or trailing spaces and tabs. */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

const isBlank = (code: number) => code === 0x20 || code === 0x09;

function percentDecode(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A Set-Cookie header value. The value is percent-encoded; a bad name or attribute throws a TypeError. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes = {}): string {
  if (!NAME.test(name)) throw new TypeError(`Cookie name is not a valid token: ${JSON.stringify(name)}`);
  // Percent-encoding leaves only RFC 6265 cookie-octets; it throws only on a lone surrogate.
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new TypeError(`Value of cookie ${name} is not well-formed Unicode`);
  }

  let header = `${name}=${encoded}`;
  if (attrs.maxAge !== undefined) {
    if (!Number.isInteger(attrs.maxAge)) throw new TypeError(`Cookie ${name}: maxAge must be an integer`);
    header += `; Max-Age=${attrs.maxAge}`;
  }
  if (attrs.domain) {
    if (!DOMAIN.test(attrs.domain)) throw new TypeError(`Cookie ${name}: domain is not a host name`);
    header += `; Domain=${attrs.domain}`;
  }
  if (attrs.path) {
    if (!PATH.test(attrs.path)) throw new TypeError(`Cookie ${name}: path has a control character or ";"`);
    header += `; Path=${attrs.path}`;
  }
  if (attrs.expires) {
    if (!(attrs.expires instanceof Date) || !Number.isFinite(attrs.expires.getTime())) {
      throw new TypeError(`Cookie ${name}: expires must be a valid Date`);
    }
    header += `; Expires=${attrs.expires.toUTCString()}`;
  }
  if (attrs.httpOnly) header += "; HttpOnly";
  if (attrs.secure) header += "; Secure";
  if (attrs.sameSite) {
    const sameSite = SAME_SITE[attrs.sameSite];
    if (!sameSite) throw new TypeError(`Cookie ${name}: sameSite must be "lax", "strict" or "none"`);
    header += `; SameSite=${sameSite}`;
  }
  return header;
}

/**
 * The value of cookie `name`, or of its chunks `name.0`, `name.1`, … joined in order.
 * Only those exact names count, so a cookie such as `name.x` or `namefoo` is never taken for a chunk.
 * A whole cookie beside chunks is no value: sekisho never leaves both (each write expires the other kind), so
 * one of them was set from elsewhere, e.g. tossed for the parent domain by a sibling subdomain, and picking
 * either would let that one choose whose session this is.
 */
export function readChunked(cookies: Record<string, string>, name: string): string | undefined {
  const whole = ownValue(cookies, name);
  if (whole) return ownValue(cookies, `${name}.0`) ? undefined : whole;
  let joined = "";
  for (let index = 0; ; index++) {
    const chunk = ownValue(cookies, `${name}.${index}`);
    if (!chunk) return joined || undefined;
    joined += chunk;
  }
}

/**
 * The cookies that store `value` under `name`: one cookie, or chunks when it is longer than CHUNK_SIZE,
 * followed by expiring entries for every cookie of `name` in `existing` the new value no longer uses.
 */
export function writeChunked(
  name: string,
  value: string,
  attrs: CookieAttributes,
  existing: Record<string, string>,
): OutCookie[] {
  const fresh: OutCookie[] = [];
  if (value.length <= CHUNK_SIZE) {
    fresh.push({ name, value, options: attrs });
  } else {
    for (let start = 0; start < value.length; start += CHUNK_SIZE) {
      fresh.push({ name: `${name}.${fresh.length}`, value: value.slice(start, start + CHUNK_SIZE), options: attrs });
    }
  }
  const used = new Set(fresh.map((cookie) => cookie.name));
  const stale = namesOf(existing, name).filter((existingName) => !used.has(existingName));
  return [...fresh, ...stale.map((staleName) => expiring(staleName, attrs))];
}

/** Expiring entries for `name` and every chunk of it in `existing`. */
export function clearChunked(name: string, attrs: CookieAttributes, existing: Record<string, string>): OutCookie[] {
  const names = new Set([name, ...namesOf(existing, name)]);
  return [...names].map((each) => expiring(each, attrs));
}

/** Names in `cookies` that are `name` itself or `name.<digits>`. */
function namesOf(cookies: Record<string, string>, name: string): string[] {
  const prefix = `${name}.`;
  return Object.keys(cookies).filter(
    (each) => each === name || (each.startsWith(prefix) && /^\d+$/.test(each.slice(prefix.length))),
  );
}

function expiring(name: string, attrs: CookieAttributes): OutCookie {
  const { expires: _ignored, ...rest } = attrs;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

function ownValue(cookies: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(cookies, name) ? cookies[name] : undefined;
}

/**
 * The cookie names and attributes used unless the app overrides them: Auth.js's names, so sessions carry over, with
 * every check cookie (PKCE, state, nonce, WebAuthn challenge) living 15 minutes, and sekisho's own cookies.
 */
export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  const prefix = useSecureCookies ? "__Secure-" : "";
  const cookie = (name: string, maxAge?: number): CookieOption => ({
    name,
    options: {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: useSecureCookies,
      ...(maxAge === undefined ? {} : { maxAge }),
    },
  });
  const checkLifetime = 15 * 60;
  return {
    sessionToken: cookie(`${prefix}authjs.session-token`),
    callbackUrl: cookie(`${prefix}authjs.callback-url`),
    csrfToken: cookie(`${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`),
    pkceCodeVerifier: cookie(`${prefix}authjs.pkce.code_verifier`, checkLifetime),
    state: cookie(`${prefix}authjs.state`, checkLifetime),
    nonce: cookie(`${prefix}authjs.nonce`, checkLifetime),
    webauthnChallenge: cookie(`${prefix}authjs.challenge`, checkLifetime),
    emailOtp: cookie(`${prefix}sekisho.email-otp`),
    providerAccounts: cookie(`${prefix}sekisho.provider-accounts`),
    sessionProof: cookie(`${prefix}sekisho.session-proof`),
    trustedDevice: cookie(`${prefix}sekisho.trusted-device`),
  };
}

/** The Set-Cookie header values for `cookies`, in order. */
export function setCookieLines(cookies: OutCookie[]): string[] {
  return cookies.map(({ name, value, options }) => serializeCookie(name, value, options));
}

/**
 * `response` with a Set-Cookie header for each cookie, in order: the app's responses and the shims' use this
 * one writer. A copy when the response's headers are immutable (e.g. `Response.redirect`).
 */
export function withSetCookies(response: Response, cookies: OutCookie[]): Response {
  if (!cookies.length) return response;
  const lines = setCookieLines(cookies);
  try {
    for (const line of lines) response.headers.append("Set-Cookie", line);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const line of lines) copy.headers.append("Set-Cookie", line);
    return copy;
  }
}
