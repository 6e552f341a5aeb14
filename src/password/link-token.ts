/**
 * The tokens of the proof and reset links: `<user id, base64url>.<32 random bytes, base64url>`. The first part
 * says whose factor store to look in; only `sha256(random part + secret)` is stored there, as the id of a
 * `password` factor (`pending:…` for a sign-up's proof, `reset:…` for a reset), expiring, taken once.
 */
import { decodeBase64url, encodeBase64url } from "../crypto.js";
import { hashToken } from "../email/email-token-hash.js";

export type LinkPurpose = "pending" | "reset";

export interface LinkToken {
  token: string;
  /** The factor id it is stored under. */
  factorId: string;
}

export async function newLinkToken(userId: string, purpose: LinkPurpose, secret: string): Promise<LinkToken> {
  const random = encodeBase64url(crypto.getRandomValues(new Uint8Array(32)));
  const token = `${encodeBase64url(new TextEncoder().encode(userId))}.${random}`;
  return { token, factorId: `${purpose}:${await hashToken(random, secret)}` };
}

/** The user and factor id a token names, or undefined for anything that is not such a token. */
export async function readLinkToken(
  token: unknown,
  purpose: LinkPurpose,
  secret: string,
): Promise<{ userId: string; factorId: string } | undefined> {
  if (typeof token !== "string" || token.length > 512) return undefined;
  const [userPart, random, extra] = token.split(".");
  if (extra !== undefined || !random || random.length !== 43) return undefined;
  const userBytes = userPart ? decodeBase64url(userPart) : undefined;
  if (!userBytes || !decodeBase64url(random)) return undefined;
  let userId: string;
  try {
    userId = new TextDecoder("utf-8", { fatal: true }).decode(userBytes);
  } catch {
    return undefined;
  }
  return { userId, factorId: `${purpose}:${await hashToken(random, secret)}` };
}
