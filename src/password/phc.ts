/**
 * The PHC string format (`$id$param=value,…$salt$hash`) that password hashes are stored in, with the
 * salt and hash in standard base64 without padding.
 */
import { decodeBase64url, encodeBase64url } from "../crypto.js";

export interface PhcString {
  id: string;
  /** The parameters by name; a bare value (passlib's `$pbkdf2-sha256$29000$…`) is under "". */
  params: Record<string, string>;
  salt: Uint8Array;
  hash: Uint8Array;
}

/** Standard base64 (unpadded; passlib's `.` for `+` accepted) to bytes, or undefined. */
export function decodePhcBase64(text: string): Uint8Array | undefined {
  return decodeBase64url(text.replace(/=+$/, "").replace(/[+.]/g, "-").replace(/\//g, "_"));
}

export function encodePhcBase64(bytes: Uint8Array): string {
  return encodeBase64url(bytes).replace(/-/g, "+").replace(/_/g, "/");
}

/** Reads `$id$params$salt$hash`, with an optional `$v=…` after the id (argon2's) read as the parameter `v`; undefined for anything else. */
export function parsePhc(text: string): PhcString | undefined {
  const parts = text.split("$");
  const version = parts.length === 6 && /^v=\d+$/.test(parts[2]) ? parts.splice(2, 1)[0] : undefined;
  if (parts.length !== 5 || parts[0] !== "") return undefined;
  const [, id, paramText, saltText, hashText] = parts;
  const params: Record<string, string> = {};
  for (const pair of paramText.split(",")) {
    const at = pair.indexOf("=");
    if (at < 0) params[""] = pair;
    else params[pair.slice(0, at)] = pair.slice(at + 1);
  }
  if (version) params.v = version.slice(2);
  const salt = decodePhcBase64(saltText);
  const hash = decodePhcBase64(hashText);
  if (!salt || !hash || hash.length === 0) return undefined;
  return { id, params, salt, hash };
}

/** Writes `$id$params$salt$hash`, the parameter `v` as its own `$v=…` segment, as parsePhc reads it. */
export function formatPhc({ id, params, salt, hash }: PhcString): string {
  const { v, ...others } = params;
  const paramText = Object.entries(others)
    .map(([name, value]) => `${name}=${value}`)
    .join(",");
  return `$${id}${v === undefined ? "" : `$v=${v}`}$${paramText}$${encodePhcBase64(salt)}$${encodePhcBase64(hash)}`;
}

/** A whole number parameter in [min, max], or undefined. */
export function integerParam(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}
