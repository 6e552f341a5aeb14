/** Unpadded base64url (RFC 4648 §5) over bytes, strict on input: no padding, no stray characters. */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Char code → 6-bit value, or INVALID for characters outside the alphabet. */
const INVALID = 0x40;
const VALUES = (() => {
  const table = new Uint8Array(128).fill(INVALID);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function encodeBase64url(bytes: Uint8Array): string {
  let out = "";
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - whole;
  if (rest === 1) {
    const n = bytes[whole] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[whole] << 16) | (bytes[whole + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/**
 * Decodes `text`, or returns undefined when it is not canonical base64url: a character outside the
 * alphabet, a length of 1 mod 4, or non-zero trailing bits (which would let two strings mean the same bytes).
 */
export function decodeBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  const tail = text.length % 4;
  if (tail === 1) return undefined;
  const out = new Uint8Array(((text.length - tail) / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let o = 0;
  let i = 0;
  const whole = text.length - tail;
  for (; i < whole; i += 4) {
    const a = sextet(text, i),
      b = sextet(text, i + 1),
      c = sextet(text, i + 2),
      d = sextet(text, i + 3);
    if ((a | b | c | d) & INVALID) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  if (tail === 2) {
    const a = sextet(text, i),
      b = sextet(text, i + 1);
    if ((a | b) & INVALID || b & 0x0f) return undefined;
    out[o] = (a << 2) | (b >> 4);
  } else if (tail === 3) {
    const a = sextet(text, i),
      b = sextet(text, i + 1),
      c = sextet(text, i + 2);
    if ((a | b | c) & INVALID || c & 0x03) return undefined;
    const n = (a << 12) | (b << 6) | c;
    out[o++] = n >> 10;
    out[o] = (n >> 2) & 0xff;
  }
  return out;
}

/** The 6-bit value at `index`, or INVALID. */
function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? VALUES[code] : INVALID;
}
