import { sha256Hex, randomHex, timingSafeEqual } from "../crypto.js";

export interface CsrfState {
  token: string;
  /** The cookie value to set, when the request did not carry a valid one. */
  cookie?: string;
  /** Whether the request's body carried the cookie's token. */
  verified: boolean;
}

/**
 * Double-submit CSRF: the cookie holds `token|sha256(token + secret)`, so only this server can mint one;
 * a POST passes when its body's `csrfToken` equals the cookie's token.
 */
export async function readCsrf(cookieValue: string | undefined, secrets: string[], bodyToken: unknown): Promise<CsrfState> {
  if (cookieValue) {
    const [token, hash] = cookieValue.split("|");
    if (token && hash && /^[0-9a-f]{64}$/.test(token)) {
      for (const secret of secrets) {
        if (timingSafeEqual(hash, await sha256Hex(token + secret))) {
          const verified = typeof bodyToken === "string" && timingSafeEqual(bodyToken, token);
          return { token, verified };
        }
      }
    }
  }
  const token = randomHex(32);
  return { token, cookie: `${token}|${await sha256Hex(token + secrets[0])}`, verified: false };
}
