import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { factorStoreOf } from "../../config/user-factors.js";
import { storeOf } from "../../config/store.js";
import { WebAuthnVerificationError } from "../../errors.js";
import { resolveCallbackUrl } from "../../http/callback-url.js";
import type { AuthContext } from "../../http/context.js";
import { keeping, type Outcome } from "../../http/outcome.js";
import type { WebAuthnProviderConfig } from "../../config/providers/provider-types.js";
import { finishSignIn } from "../sign-in.js";
import { takeCeremony } from "./challenge.js";
import { bytesFromStored, browserFromStored, storedFromBrowser, transportsFromString } from "./encoding.js";
import { relyingParty } from "./relying-party.js";
import { verifiedBy } from "./verify.js";

/**
 * `POST /callback/:id` with `action=authenticate`: finds the credential's authenticator, account and user,
 * verifies the assertion (challenge, origin, RP ID, signature, a counter that must grow once either side
 * counts), stores the new counter, then signs in through the shared finish.
 */
export async function authenticate(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  response: AuthenticationResponseJSON,
): Promise<Outcome> {
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
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () => finishSignIn(ctx, { user, account, callbackUrl, userVerified: authenticationInfo.userVerified }));
}
