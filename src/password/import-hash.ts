import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import { argon2LimitsText, isTooCostly, readArgon2 } from "./argon2-phc.js";
import { isReadableHash } from "./password-hash.js";
import { PASSWORD_ID } from "./password-provider.js";

/**
 * Stores a hash an app brings from its own Credentials code as the user's password: scrypt (PHC), bcrypt (`$2a$`,
 * `$2b$`, `$2y$`, cost up to 16), PBKDF2-SHA-256 (PHC, passlib or Django) or argon2id, argon2i and argon2d (the
 * reference implementation's PHC string, up to m=262144 KiB, t=10, p=64). It verifies at the next sign-in and is
 * then re-hashed with the current parameters. Throws for a format sekisho cannot check, or an argon2 hash above
 * those limits, so no user is left with a password that never matches.
 * @example
 * ```ts
 * await importPasswordHash(adapter.userFactors, user.id, row.password_hash);
 * ```
 */
export async function importPasswordHash(store: UserFactorStore, userId: string, hash: string): Promise<void> {
  const argon2 = readArgon2(hash);
  if (argon2 && isTooCostly(argon2.params)) {
    const { memory, passes, lanes } = argon2.params;
    throw new TypeError(
      `importPasswordHash: this argon2 hash asks for m=${memory}, t=${passes}, p=${lanes}; sekisho runs argon2 up to ${argon2LimitsText}, so that one stored row cannot make a sign-in hang or exhaust memory. Its user can set a new password with the reset link.`,
    );
  }
  if (!isReadableHash(hash))
    throw new TypeError(
      "importPasswordHash: sekisho checks scrypt ($scrypt$…), bcrypt ($2a$, $2b$, $2y$, cost 4 to 16), PBKDF2-SHA-256 ($pbkdf2-sha256$…, pbkdf2_sha256$…) and argon2 ($argon2id$, $argon2i$, $argon2d$) hashes; this one is in another format.",
    );
  await store.put({ userId, kind: "password", id: PASSWORD_ID, secret: hash, createdAt: Date.now(), confirmed: true });
}
