import { storeOf } from "../config/store.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { randomHex } from "../crypto.js";
import { hasExpired } from "../expiry.js";
import { hashToken } from "../email/email-token-hash.js";
import { useVerificationTokenOnce } from "../config/token-use.js";

/*
 * The proof that the user reads the new address. The emailed token is sealed with the secret (the session codec,
 * under its own salt), so it carries, unreadable and unforgeable, the user, the address it was sent to and the
 * address it replaces. Single use rests on a verification-token record, whose identifier and hash are in their own
 * namespace: a sign-in link's token matches no record here, and this token matches no sign-in record.
 */

/** What an email-change token stands for. */
export interface EmailChange {
  userId: string;
  /** The new address, normalised as the email provider does. */
  to: string;
  /** The address when the change was asked for; the change is refused once it is no longer the user's address. */
  from: string | null;
}

const salt = "sekisho.email-change";

const identifierOf = (userId: string) => `email-change:${userId}`;

/** The stored hash: bound to the user, both addresses and the token's nonce, hashed with a secret. */
function recordHash(change: EmailChange, nonce: string, secret: string): Promise<string> {
  return hashToken(`email-change\n${change.userId}\n${change.from ?? ""}\n${change.to}\n${nonce}`, secret);
}

/** Stores a single-use record of `change` valid until `expires`; returns the token to email, and how to take it back. */
export async function issueEmailChange(
  config: ResolvedConfig,
  change: EmailChange,
  expires: Date,
): Promise<{ token: string; revoke: () => Promise<void> }> {
  const nonce = randomHex(32);
  const maxAge = Math.ceil((expires.valueOf() - Date.now()) / 1000);
  const record = { identifier: identifierOf(change.userId), token: await recordHash(change, nonce, config.secrets[0]) };
  await storeOf(config).createVerificationToken({ ...record, expires });
  const payload = { sub: change.userId, to: change.to, from: change.from, nonce };
  const token = await config.runtime.codec.encode({ token: payload, secret: config.secrets, salt, maxAge });
  return { token, revoke: async () => void (await storeOf(config).useVerificationToken(record)) };
}

/** The change a token stands for, when it opens with the secret; null for anything else (a sign-in token among them). */
export async function openEmailChange(config: ResolvedConfig, token: string): Promise<(EmailChange & { nonce: string }) | null> {
  let payload: Record<string, unknown> | null;
  try {
    payload = await config.runtime.codec.decode({ token, secret: config.secrets, salt });
  } catch {
    return null;
  }
  const { sub, to, from, nonce } = payload ?? {};
  if (typeof sub !== "string" || typeof to !== "string" || typeof nonce !== "string") return null;
  if (from !== null && typeof from !== "string") return null;
  return { userId: sub, to, from, nonce };
}

/** Uses the token's record: true for the one request that finds it unexpired, false when it was used or has expired. */
export async function useEmailChange(config: ResolvedConfig, change: EmailChange & { nonce: string }): Promise<boolean> {
  for (const secret of config.secrets) {
    const record = { identifier: identifierOf(change.userId), token: await recordHash(change, change.nonce, secret) };
    const used = await useVerificationTokenOnce(config, record);
    if (used) return !hasExpired(used.expires);
  }
  return false;
}
