/**
 * Reading the session cookie of next-auth v4, so an app moved from it keeps its users signed in. v4 seals its
 * JWT as a compact JWE (`dir`, A256GCM) under a key derived with HKDF-SHA256 from the secret, an empty salt
 * and the info "NextAuth.js Generated Encryption Key", 32 bytes; its database strategy keeps the session token
 * in the cookie. The cookie (its names, reading and clearing in `cookie.ts`) is read only when sekisho's own is
 * absent, and only with `session.acceptNextAuthV4`.
 */
import { JWTSessionError } from "../errors.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { JWT } from "../shared-types.js";
import { decryptCompact, parseCompact, checkClaims } from "./jwt-codec.js";
import type { GcmKey } from "./keys.js";

const INFO = "NextAuth.js Generated Encryption Key";
const keysKey = Symbol.for("sekisho.nextAuthV4Keys");
const KEY_LIMIT = 16;

/** The claims of a v4 session JWT sealed with one of the app's secrets. Throws when none opens it, or it has expired. */
export async function decodeNextAuthV4Token(config: ResolvedConfig, token: string): Promise<JWT> {
  const jwe = parseCompact(token);
  if (jwe.header.enc !== "A256GCM") throw new JWTSessionError("A next-auth v4 token is sealed with A256GCM");
  for (const secret of config.secrets) {
    const plaintext = await decryptCompact(jwe, await keyOf(config, secret));
    if (plaintext) return checkClaims(plaintext);
  }
  throw new JWTSessionError("No secret decrypts this next-auth v4 token");
}

/** The key for `secret`, derived on the first v4 cookie and kept by the instance. */
function keyOf(config: ResolvedConfig, secret: string): Promise<GcmKey> {
  const keys = config.runtime.memo(keysKey, () => new Map<string, Promise<GcmKey>>());
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEY_LIMIT) keys.delete(keys.keys().next().value!);
    const derived = deriveKey(secret);
    derived.catch(() => keys.get(secret) === derived && keys.delete(secret));
    keys.set(secret, (key = derived));
  }
  return key;
}

async function deriveKey(secret: string): Promise<GcmKey> {
  const utf8 = new TextEncoder();
  const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const hkdf = { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(INFO) };
  const bytes = new Uint8Array(await crypto.subtle.deriveBits(hkdf, ikm, 256));
  try {
    // v4's tokens carry no key id, so none is computed
    return { enc: "A256GCM", kid: "", key: await crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["decrypt"]) };
  } finally {
    bytes.fill(0);
  }
}
