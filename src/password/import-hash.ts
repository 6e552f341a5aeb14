import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import { isReadableHash } from "./password-hash.js";
import { PASSWORD_ID } from "./password-provider.js";

/**
 * Stores a hash an app brings from its own Credentials code as the user's password: scrypt (PHC), bcrypt (`$2a$`,
 * `$2b$`, `$2y$`, cost up to 16) or PBKDF2-SHA-256 (PHC, passlib or Django). It verifies at the next sign-in and is then re-hashed with the current parameters.
 * Throws for a format sekisho cannot check, so no user is left with a password that never matches.
 * @example
 * ```ts
 * await importPasswordHash(adapter.userFactors, user.id, row.password_hash);
 * ```
 */
export async function importPasswordHash(store: UserFactorStore, userId: string, hash: string): Promise<void> {
  if (!isReadableHash(hash))
    throw new TypeError(
      "importPasswordHash: sekisho checks scrypt ($scrypt$…), bcrypt ($2a$, $2b$, $2y$, cost 4 to 16) and PBKDF2-SHA-256 ($pbkdf2-sha256$…, pbkdf2_sha256$…) hashes; this one is in another format.",
    );
  await store.put({ userId, kind: "password", id: PASSWORD_ID, secret: hash, createdAt: Date.now(), confirmed: true });
}
