import { sha256Hex } from "../crypto.js";

/** What is stored for an emailed token: `sha256(token + secret)`, so a database leak yields no usable link. */
export function hashToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`);
}
