import { WebAuthnVerificationError } from "../../errors.js";

/** Runs a @simplewebauthn/server verification; anything but `verified: true` is a WebAuthnVerificationError. */
export async function verifiedBy<T extends { verified: boolean }>(
  ceremony: string,
  verify: () => Promise<T>,
): Promise<T & { verified: true }> {
  let result: T;
  try {
    result = await verify();
  } catch (error) {
    throw new WebAuthnVerificationError(`The ${ceremony} response failed verification: ${(error as Error)?.message}`, {
      err: error as Error,
    });
  }
  if (!result.verified) throw new WebAuthnVerificationError(`The ${ceremony} response's signature does not verify.`);
  return result as T & { verified: true };
}
