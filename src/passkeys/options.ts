import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { storeOf } from "../config/store.js";
import type { AdapterUser } from "../adapters/adapter-contract.js";
import { InvalidRequest } from "../errors.js";
import { EmailSignInError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { json, keeping, noCacheHeaders, type Outcome } from "../http/outcome.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { currentUserId } from "../session/strategy.js";
import { normalizeIdentifier } from "../email/identifier.js";
import { beginCeremony, type Registrant } from "./challenge.js";
import { browserFromStored, transportsFromString } from "./encoding.js";
import { relyingParty } from "./relying-party.js";

export type WebAuthnOptionsResponse =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON };

/** Who asks for options: the signed-in user, the user owning the email given, or a new email. */
type Asker =
  | { kind: "signedIn"; user: AdapterUser }
  | { kind: "known"; user: AdapterUser }
  | { kind: "new"; email: string }
  | { kind: "anonymous" };

function readEmail(ctx: AuthContext): string | undefined {
  const raw = ctx.query.email;
  if (raw === undefined || raw.trim() === "") return undefined;
  try {
    return normalizeIdentifier(raw);
  } catch (error) {
    if (error instanceof EmailSignInError) throw new InvalidRequest(`email: ${error.message}`);
    throw error;
  }
}

async function identifyAsker(ctx: AuthContext, signedInId: string | undefined): Promise<Asker> {
  const signedIn = signedInId ? await storeOf(ctx.config).getUser(signedInId) : null;
  if (signedIn) return { kind: "signedIn", user: signedIn };
  const email = readEmail(ctx);
  if (!email) return { kind: "anonymous" };
  const known = await storeOf(ctx.config).getUserByEmail(email);
  return known ? { kind: "known", user: known } : { kind: "new", email };
}

type Decision = { action: "register"; user: Registrant } | { action: "authenticate"; userId?: string };

/**
 * `register` for a signed-in user or a new email when asked; with no `action`, `authenticate` when the
 * user exists or no email was given, otherwise `register`.
 */
function decide(requested: string | undefined, asker: Asker): Decision {
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    throw new InvalidRequest('`action` must be "register" or "authenticate".');
  }
  if (requested === "register" || (requested === undefined && asker.kind === "new")) {
    if (asker.kind === "signedIn")
      return { action: "register", user: { id: asker.user.id, email: asker.user.email, name: asker.user.name ?? null } };
    if (asker.kind === "new") return { action: "register", user: { email: asker.email } };
    throw new InvalidRequest("Registration needs the email of a new user, or a signed-in user adding a passkey.");
  }
  return { action: "authenticate", userId: "user" in asker ? asker.user.id : undefined };
}

async function descriptorsOf(ctx: AuthContext, userId: string) {
  const authenticators = await storeOf(ctx.config).listAuthenticatorsByUserId(userId);
  return authenticators.map((a) => ({ id: browserFromStored(a.credentialID), transports: transportsFromString(a.transports) }));
}

/** `GET /webauthn-options/:id`: the options for the browser's ceremony, never cached; the challenge goes into the cookie. */
export async function webauthnOptions(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<Outcome> {
  const { userId, cookies } = await currentUserId(ctx);
  return keeping(cookies, async () => {
    const { body, cookie } = await ceremonyOptions(ctx, provider, await identifyAsker(ctx, userId));
    return json(body, { headers: noCacheHeaders, cookies: [cookie] });
  });
}

async function ceremonyOptions(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  asker: Asker,
): Promise<{ body: WebAuthnOptionsResponse; cookie: OutCookie }> {
  const decision = decide(ctx.query.action, asker);
  if (decision.action === "register") {
    const rp = relyingParty(ctx, provider);
    const { user } = decision;
    const userName = user.email || user.name || user.id || "passkey";
    const options = await generateRegistrationOptions({
      ...provider.registrationOptions,
      // A fixed challenge from the configuration would make every ceremony replayable.
      challenge: undefined,
      rpID: rp.id,
      rpName: rp.name,
      userName,
      userDisplayName: user.name || userName,
      excludeCredentials: user.id ? await descriptorsOf(ctx, user.id) : [],
    });
    const cookie = await beginCeremony(ctx, provider, { action: "register", challenge: options.challenge, user });
    return { body: { action: "register", options }, cookie };
  }

  return authenticationOptions(ctx, provider, decision.userId);
}

/**
 * Options for an authentication ceremony, limited to the passkeys of `userId` when given and they have any; the
 * challenge goes into the cookie answered.
 */
export async function authenticationOptions(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  userId: string | undefined,
): Promise<{ body: WebAuthnOptionsResponse; cookie: OutCookie }> {
  const known = userId ? await descriptorsOf(ctx, userId) : [];
  const options = await generateAuthenticationOptions({
    ...provider.authenticationOptions,
    challenge: undefined,
    rpID: relyingParty(ctx, provider).id,
    allowCredentials: known.length > 0 ? known : undefined,
  });
  const cookie = await beginCeremony(ctx, provider, { action: "authenticate", challenge: options.challenge });
  return { body: { action: "authenticate", options }, cookie };
}
