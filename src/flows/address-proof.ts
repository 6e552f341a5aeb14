import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { Profile, User } from "../shared-types.js";

/**
 * What proves that the person signing in receives mail at the user's address: an email link or code
 * (`"email"`), or an identity provider that asserts the address verified (`"provider"`). A passkey, a
 * password or a provider silent about verification shows an address anyone could have typed, and proves nothing.
 */
export type AddressProof = "email" | "provider";

/** Addresses compare as mail is delivered to them in practice: without case. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === "string" && typeof b === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether an OAuth/OIDC profile proves the signed-in address: `email_verified` is true (or `"true"`, as
 * some providers send it), and it is about the address the user gets, the profile's own `email`. A
 * provider module that learns verification in another form says so the same way (GitHub's
 * `/user/emails`).
 */
export function providerProof(profile: Profile | undefined, user: User): AddressProof | undefined {
  if (!profile) return undefined;
  const claim: unknown = profile.email_verified;
  const verified = claim === true || claim === "true";
  return verified && sameAddress(profile.email as string | undefined, user.email) ? "provider" : undefined;
}

/** Whether `proof` proves `user`'s own address (`address`), and the user has not been marked verified yet. */
export function provesUnverified(
  user: AdapterUser,
  address: string | null | undefined,
  proof: AddressProof | undefined,
): boolean {
  return Boolean(proof) && !user.emailVerified && sameAddress(user.email, address);
}
