import { timingSafeEqual } from "../crypto.js";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC of the 30-second step counter, dynamically
 * truncated to 6 digits. SHA-1, as every authenticator app reads an `otpauth://` URI without parameters.
 */

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: a phone's clock a little off, a code typed as it turns. */
const WINDOW = 1;

export type TotpHash = "SHA-1" | "SHA-256" | "SHA-512";

/** The step counter of a time in milliseconds (RFC 6238 §4.2: T0 = 0). */
export function totpStep(nowMs: number, period = TOTP_PERIOD): number {
  return Math.floor(nowMs / 1000 / period);
}

/** RFC 4226 §5.3: the HOTP value of `counter` under `key`. */
export async function hotp(
  key: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = TOTP_DIGITS,
  hash: TotpHash = "SHA-1",
): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an authenticator shows at `nowMs`. */
export function totpCode(
  key: Uint8Array<ArrayBuffer>,
  nowMs: number,
  options: { digits?: number; hash?: TotpHash } = {},
): Promise<string> {
  return hotp(key, totpStep(nowMs), options.digits, options.hash);
}

/**
 * The step whose code `code` is, within one step of now, and later than `afterStep` (the last step accepted, so
 * that a code is taken once); null when none. Every step in the window is computed, so the time spent does not
 * say which matched.
 */
export async function matchingStep(
  key: Uint8Array<ArrayBuffer>,
  code: string,
  nowMs: number,
  afterStep = -1,
  digits = TOTP_DIGITS,
): Promise<number | null> {
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const now = totpStep(nowMs);
  let found: number | null = null;
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const expected = await hotp(key, step, digits);
    if (timingSafeEqual(expected, code) && step > afterStep && found === null) found = step;
  }
  return found;
}

/** The `otpauth://totp/` URI an authenticator app enrolls from (Google Authenticator's key URI format). */
export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: secretBase32, issuer });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, "%20")}`;
}
