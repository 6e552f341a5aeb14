import { encodeBase64url } from "../../crypto.js";

const sessionIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** A new JWT session id (`sid`): 128 random bits, base64url. */
export function newSessionId(): string {
  return encodeBase64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** A database session's public id: 22 characters of its token's SHA-256, so the token never leaves its cookie. */
export async function databaseSessionId(sessionToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionToken));
  return encodeBase64url(new Uint8Array(digest)).slice(0, 22);
}

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && sessionIdPattern.test(value);
}
