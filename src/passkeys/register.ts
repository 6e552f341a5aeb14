import type { ResolvedConfig } from "../config/resolved-config.js";
import { verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { factorStoreOf } from "../config/user-factors.js";
import { storeOf } from "../config/store.js";
import { WebAuthnVerificationError } from "../sign-in-errors.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import type { AuthContext } from "../http/context.js";
import { keeping, type Outcome } from "../http/outcome.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { currentUserId } from "../session/strategy.js";
import { finishSignIn } from "../flows/sign-in.js";
import { takeCeremony, type Registrant } from "./challenge.js";
import { storedFromBrowser, storedFromBytes, transportsToString } from "./encoding.js";
import { linkingAuthenticator } from "./linking-authenticator.js";
import { relyingParty } from "./relying-party.js";
import { verifiedBy } from "./verify.js";

/**
 * `POST /callback/:id` with `action=register`: verifies the new credential, then signs in through the
 * shared finish, which creates the user (or takes the signed-in one) and links a `webauthn` account whose
 * providerAccountId is the credential ID; the authenticator is stored with that link, as one unit. A new passkey
 * made with user verification is two factors, as signing in with it would be.
 */
export async function register(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  response: RegistrationResponseJSON,
): Promise<Outcome> {
  const { challenge, user } = await takeCeremony(ctx, provider, "register");
  const { userId, cookies } = await currentUserId(ctx);
  return keeping(cookies, () => registerFor(ctx, provider, response, { challenge, user, signedInId: userId }));
}

async function registerFor(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  response: RegistrationResponseJSON,
  { challenge, user, signedInId }: { challenge: string; user: Registrant; signedInId?: string },
): Promise<Outcome> {
  const { config } = ctx;
  if (user.id !== signedInId) {
    throw new WebAuthnVerificationError("The signed-in user changed between the options request and the registration.");
  }
  const rp = relyingParty(ctx, provider);
  const { registrationInfo } = await verifiedBy("registration", () =>
    verifyRegistrationResponse({
      ...provider.verifyRegistrationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
    }),
  );
  const { credential, credentialDeviceType, credentialBackedUp, userVerified } = registrationInfo;
  const credentialID = storedFromBrowser(credential.id);
  const account = { provider: provider.id, type: "webauthn" as const, providerAccountId: credentialID };
  // A credential ID names one credential of one user; a second registration of it must not sign anyone in.
  const taken =
    (await storeOf(config).getAuthenticator(credentialID)) ??
    (await storeOf(config).getUserByAccount({ provider: account.provider, providerAccountId: credentialID }));
  if (taken) throw new WebAuthnVerificationError("This credential is already registered.");

  const store = linkingAuthenticator(storeOf(config), {
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: storedFromBytes(credential.publicKey),
    counter: credential.counter,
    credentialDeviceType,
    credentialBackedUp,
    transports: transportsToString(credential.transports),
  });
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, async () => {
    const outcome = await finishSignIn({ ...ctx, config: { ...config, store } }, { user, account, callbackUrl, userVerified });
    await keepAddedAt(config, credentialID);
    return outcome;
  });
}

/**
 * When the passkey was added, for the account page: beside it in the factor store, where there is one. Written
 * after the sign-in's unit of writes, which must not wait on a second connection.
 */
async function keepAddedAt(config: ResolvedConfig, credentialID: string): Promise<void> {
  const factors = factorStoreOf(config);
  const added = factors && (await storeOf(config).getAuthenticator(credentialID));
  if (added)
    await factors.put({
      userId: added.userId,
      kind: "passkey",
      id: credentialID,
      secret: "",
      createdAt: Date.now(),
      confirmed: true,
    });
}
