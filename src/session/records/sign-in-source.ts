import { decodeBase64url } from "../../crypto.js";
import type { Account, Profile } from "../../shared-types.js";
import type { SignInSource } from "./record.js";

/** The `sid` claim of an ID token sekisho has already verified, read without verifying it again. */
function idTokenSid(idToken: unknown): string | undefined {
  if (typeof idToken !== "string") return undefined;
  const payload = decodeBase64url(idToken.split(".")[1] ?? "");
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    const sid = claims && typeof claims === "object" ? (claims as { sid?: unknown }).sid : undefined;
    return typeof sid === "string" ? sid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a sign-in came from: the provider, and for OAuth/OIDC its subject and the ID token's `sid`; with when and
 * how the user proved who they are (`proof.provedAt` in seconds).
 */
export function signInSource(
  account: Account,
  profile: Profile | undefined,
  proof: { provedAt: number; methods: string[] },
): SignInSource {
  const proved = { provedAt: proof.provedAt * 1000, methods: proof.methods };
  if (account.type !== "oauth" && account.type !== "oidc") return { provider: account.provider, ...proved };
  const sid = typeof profile?.sid === "string" ? profile.sid : idTokenSid(account.id_token);
  return { provider: account.provider, providerSub: account.providerAccountId, ...(sid ? { providerSid: sid } : {}), ...proved };
}
