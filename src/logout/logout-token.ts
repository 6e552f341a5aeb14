/**
 * The logout token of OpenID Connect Back-Channel Logout 1.0 (§2.4), checked as §2.6 orders: the signature
 * with the provider's JWKS, `iss`, `aud` and the time claims as for an ID token, then `sub`/`sid`, `events`
 * and the absence of `nonce`. jose does the signature and the registered claims.
 */
import type { JWTPayload } from "jose";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { CLOCK_TOLERANCE } from "../session/jwt-codec.js";
import { joseErrorCode, verifyWithJwks } from "../oauth/jwks.js";
import { ProviderRequestError } from "../oauth-client/provider-fetch.js";
import { LogoutTokenError } from "./backchannel-response.js";

export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** Seconds after `iat` a logout token is still taken: it is sent the moment the provider ends a session. */
export const LOGOUT_TOKEN_MAX_AGE = 120;

/** `typ` values a logout token may carry (§2.4 recommends "logout+jwt"); none is taken too, as a plain JWT. */
const LOGOUT_TOKEN_TYPES = new Set(["logout+jwt", "application/logout+jwt", "jwt", "application/jwt"]);

/** The longest `sid`, `sub` or `jti` taken: real ones are tens of characters. */
const MAX_CLAIM_LENGTH = 255;

export interface LogoutToken {
  sid?: string;
  sub?: string;
  jti: string;
  /** Milliseconds since the epoch after which the token is refused anyway: until then its `jti` is remembered. */
  refusedAfter: number;
}

function optionalString(payload: JWTPayload, name: "sid" | "sub" | "jti"): string | undefined {
  const value = payload[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "" || value.length > MAX_CLAIM_LENGTH)
    throw new LogoutTokenError(`the "${name}" claim is not a short string`);
  return value;
}

/** §2.6 steps 3 to 5 on a payload whose signature, issuer, audience and times already hold. */
export function checkLogoutClaims(payload: JWTPayload): LogoutToken {
  const sid = optionalString(payload, "sid");
  const sub = optionalString(payload, "sub");
  if (sid === undefined && sub === undefined) throw new LogoutTokenError('the token has neither a "sid" nor a "sub" claim');
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events && typeof events === "object" && !Array.isArray(events) ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== "object" || Array.isArray(event))
    throw new LogoutTokenError(`the "events" claim has no ${BACKCHANNEL_LOGOUT_EVENT} object`);
  if (payload.nonce !== undefined) throw new LogoutTokenError('a logout token must not carry a "nonce" claim');
  const jti = optionalString(payload, "jti");
  if (jti === undefined) throw new LogoutTokenError('the token has no "jti" claim');
  const iat = payload.iat as number;
  const exp = typeof payload.exp === "number" ? payload.exp : Number.POSITIVE_INFINITY;
  return { sid, sub, jti, refusedAfter: (Math.min(exp, iat + LOGOUT_TOKEN_MAX_AGE) + CLOCK_TOLERANCE) * 1000 };
}

async function checkHeader(token: string): Promise<void> {
  const { decodeProtectedHeader } = await import("jose/decode/protected_header");
  if (token.split(".").length !== 3)
    throw new LogoutTokenError("the logout token is not a signed JWT (encrypted logout tokens are not supported)");
  let typ: unknown;
  try {
    typ = decodeProtectedHeader(token).typ;
  } catch {
    throw new LogoutTokenError("the logout token's header cannot be read");
  }
  if (typ !== undefined && (typeof typ !== "string" || !LOGOUT_TOKEN_TYPES.has(typ.toLowerCase()))) {
    throw new LogoutTokenError('the token\'s "typ" is not "logout+jwt"');
  }
}

/**
 * The logout token's claims once every check holds. It is signed with a key from the provider's JWKS, never
 * with the client secret or "none". Its issuer is the provider's, its audience includes this client, and
 * `iat` is at most LOGOUT_TOKEN_MAX_AGE seconds old.
 */
export async function verifyLogoutToken(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  token: string,
  expected: { issuer?: string; jwksUrl?: string },
): Promise<LogoutToken> {
  if (!expected.issuer || !expected.jwksUrl || !provider.clientId) {
    throw new ProviderRequestError(`provider "${provider.id}" has no issuer, JWKS or client id to check a logout token against`);
  }
  await checkHeader(token);
  let payload: JWTPayload;
  try {
    payload = await verifyWithJwks(config, provider, token, expected.jwksUrl, {
      issuer: expected.issuer,
      audience: provider.clientId,
      clockTolerance: CLOCK_TOLERANCE,
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE,
      requiredClaims: ["iat"],
    });
  } catch (error) {
    if (error instanceof ProviderRequestError) throw error;
    throw new LogoutTokenError(
      `the logout token was refused (${joseErrorCode(error) ?? (error as Error)?.name}): ${(error as Error)?.message}`,
    );
  }
  return checkLogoutClaims(payload);
}
