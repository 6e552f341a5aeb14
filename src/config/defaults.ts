import type { CallbacksOptions } from "./callbacks-options.js";
import type { Profile, TokenSet, User } from "../shared-types.js";

export const defaultMaxAge = 30 * 24 * 60 * 60;
export const defaultUpdateAge = 24 * 60 * 60;
/** Seconds between an instance's reads of the revocations (jwt strategy). */
export const defaultRevocationCheckInterval = 10;
/** Seconds after the user last proved who they are that a sensitive action is allowed: `account.recentSignIn`. */
export const defaultRecentSignIn = 600;
/** The absolute session lifetime unless the strategy's `maxAge` is longer: 90 days, so `maxAge` still slides within it. */
export const defaultAbsoluteMaxAge = 90 * 24 * 60 * 60;

/** What the session carries once a provider refused its refresh token (provider tokens); the app sends the user to sign in again. */
export const REFRESH_TOKEN_ERROR = "RefreshTokenError";

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

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  // what a session shows by default, whichever the strategy: a database session's row and user are trimmed to this
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: toISOString(session.expires),
    // a provider refused its refresh token (provider tokens): the app sends the user to sign in again
    ...("error" in session && session.error === REFRESH_TOKEN_ERROR ? { error: REFRESH_TOKEN_ERROR } : {}),
  }),
  jwt: ({ token }) => token,
};

/** A provider's default `profile`, as @auth/core's: a claim the provider did not send stays absent, so no session shows `image: null` for it. */
export function defaultProfile(profile: Profile): User {
  const id = profile.sub ?? profile.id;
  const user: User = {
    // only text or a number: as text, every object is "[object Object]", and ["7"] is "7"
    id: typeof id === "string" || typeof id === "number" ? String(id) : undefined,
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture as User["image"],
  };
  return Object.fromEntries(Object.entries(user).filter(([, value]) => value !== undefined));
}

const accountFields = ["access_token", "id_token", "refresh_token", "expires_at", "scope", "token_type", "session_state"];

/** A provider's default `account`: the token fields kept on the account, as @auth/core's. */
export function defaultAccount(tokens: TokenSet) {
  const account: Record<string, unknown> = {};
  for (const field of accountFields) if (tokens[field] !== undefined) account[field] = tokens[field];
  return account;
}

function toISOString(expires: string | Date): string {
  return typeof expires === "string" ? expires : expires.toISOString();
}

export function generateSessionToken(): string {
  return crypto.randomUUID();
}
