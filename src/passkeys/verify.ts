import { WebAuthnVerificationError } from "../sign-in-errors.js";
import { untrustedText } from "../oauth-client/untrusted-text.js";

/**
 * Runs a @simplewebauthn/server verification; anything but `verified: true` is a WebAuthnVerificationError.
 * The library's message quotes the response's own fields (its `type`, the origin in `clientDataJSON`), which the
 * browser wrote: it reaches the log on one line and cut short, and the library's error is not kept as the cause,
 * whose message the log would show as it is.
 */
export async function verifiedBy<T extends { verified: boolean }>(
  ceremony: string,
  verify: () => Promise<T>,
): Promise<T & { verified: true }> {
  let result: T;
  try {
    result = await verify();
  } catch (error) {
    const reason = untrustedText((error as Error)?.message, 300);
    throw new WebAuthnVerificationError(`The ${ceremony} response failed verification: ${reason}`);
  }
  if (!result.verified) throw new WebAuthnVerificationError(`The ${ceremony} response's signature does not verify.`);
  return result as T & { verified: true };
}
