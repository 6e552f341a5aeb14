import type { AuthenticatorTransport, Uint8Array_ } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";

/*
 * Browsers speak base64url; the adapter stores credential IDs and public keys as standard base64, as the
 * reference does, so databases move between the two libraries unchanged.
 */

export function storedFromBytes(bytes: Uint8Array_): string {
  return isoBase64URL.fromBuffer(bytes, "base64");
}

export function bytesFromStored(stored: string): Uint8Array_ {
  return isoBase64URL.toBuffer(stored, "base64");
}

export function storedFromBrowser(base64url: string): string {
  return storedFromBytes(isoBase64URL.toBuffer(base64url));
}

export function browserFromStored(stored: string): string {
  return isoBase64URL.fromBuffer(bytesFromStored(stored));
}

/** Transports are stored as one comma-separated string. */
export function transportsToString(transports: readonly string[] | undefined): string | null {
  return transports && transports.length > 0 ? transports.join(",") : null;
}

export function transportsFromString(stored: string | null | undefined): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined;
}
