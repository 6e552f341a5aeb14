import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { storeOf } from "../config/store.js";
import { factorStoreOf } from "../config/user-factors.js";
import type { AdapterAccount, AdapterUser } from "../adapters/adapter-contract.js";
import { WebAuthnVerificationError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { takeCeremony } from "./challenge.js";
import { bytesFromStored, browserFromStored, storedFromBrowser, transportsFromString } from "./encoding.js";
import { relyingParty } from "./relying-party.js";
import { verifiedBy } from "./verify.js";

/** Whose passkey answered, and whether its authenticator verified the user. */
export interface VerifiedAssertion {
  user: AdapterUser;
  account: AdapterAccount;
  userVerified: boolean;
}

/**
 * Takes this browser's authentication ceremony, finds the credential's authenticator, account and user, verifies
 * the assertion (challenge, origin, RP ID, signature, a counter that must grow once either side counts), and stores
 * the new counter. Anything that does not hold is a WebAuthnVerificationError.
 */
export async function verifyAssertion(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  response: AuthenticationResponseJSON,
): Promise<VerifiedAssertion> {
  const { config } = ctx;
  const { challenge } = await takeCeremony(ctx, provider, "authenticate");
  const authenticator = await storeOf(config).getAuthenticator(storedFromBrowser(response.id));
  if (!authenticator) throw new WebAuthnVerificationError("No authenticator is registered with this credential ID.");
  const account = await storeOf(config).getAccount(authenticator.providerAccountId, provider.id);
  if (!account || account.userId !== authenticator.userId) {
    throw new WebAuthnVerificationError(`The credential belongs to no account of provider "${provider.id}".`);
  }
  const user = await storeOf(config).getUser(account.userId);
  if (!user) throw new WebAuthnVerificationError("The credential's user no longer exists.");

  const rp = relyingParty(ctx, provider);
  const { authenticationInfo } = await verifiedBy("authentication", () =>
    verifyAuthenticationResponse({
      ...provider.verifyAuthenticationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      credential: {
        id: browserFromStored(authenticator.credentialID),
        publicKey: bytesFromStored(authenticator.credentialPublicKey),
        counter: Number(authenticator.counter),
        transports: transportsFromString(authenticator.transports),
      },
    }),
  );
  await storeOf(config).updateAuthenticatorCounter(authenticator.credentialID, authenticationInfo.newCounter);
  await factorStoreOf(config)?.touch(user.id, "passkey", authenticator.credentialID, Date.now());
  return { user, account, userVerified: authenticationInfo.userVerified };
}
