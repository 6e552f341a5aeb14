/**
 * `POST /callback/password`: a sign-in with `email` and `password`. An unknown address, an unproven one and a
 * wrong password answer alike (CredentialsSignin) and take alike: without a stored hash, a dummy hash of the
 * same cost is verified. A hash in older parameters or an imported format is replaced once it matched.
 */
import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { UserFactor } from "../adapters/user-factors/factor-store.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import { CredentialsSignin } from "../sign-in-errors.js";
import { normalizeIdentifier } from "../email/identifier.js";
import { finishSignIn } from "../flows/sign-in.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import type { AuthContext } from "../http/context.js";
import { keeping, type Outcome } from "../http/outcome.js";
import { withPasskeyOffer } from "./passkey-offer-routes.js";
import { hashPassword, verifyPassword } from "./password-hash.js";
import { formatPhc } from "./phc.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";
import type { ScryptParams } from "./scrypt.js";

/** A hash no password matches, in the current parameters, so that checking it costs what a real one does. */
function dummyHash(params: ScryptParams): string {
  const salt = new Uint8Array(16).fill(0x5a);
  const hash = new Uint8Array(32).fill(0xa5);
  return formatPhc({ id: "scrypt", params: { ln: String(params.ln), r: String(params.r), p: String(params.p) }, salt, hash });
}

/** The address as typed, normalised; undefined for anything that is not an address. */
export function addressOf(input: unknown): string | undefined {
  try {
    return normalizeIdentifier(input);
  } catch {
    return undefined;
  }
}

/** A password as a form or JSON sends it, bounded: a megabyte of input is not hashed. */
export function passwordOf(input: unknown, maxLength: number): string | undefined {
  return typeof input === "string" && input.length > 0 && input.length <= maxLength * 4 ? input : undefined;
}

interface Candidate {
  user: AdapterUser;
  factor: UserFactor;
}

async function candidate(ctx: AuthContext, email: string | undefined): Promise<Candidate | undefined> {
  if (!email) return undefined;
  const user = await storeOf(ctx.config).getUserByEmail(email);
  const factor = user ? await userFactorsOf(ctx.config).get(user.id, "password", PASSWORD_ID) : null;
  return user && factor ? { user, factor } : undefined;
}

/** A confirmed password signs in; an unconfirmed one only with `allowUnverifiedSignIn`, and only while no one proved the address. */
function usable({ user, factor }: Candidate, provider: PasswordProviderConfig): boolean {
  return factor.confirmed || (provider.password.allowUnverifiedSignIn && !user.emailVerified);
}

export async function passwordSignIn(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, async () => {
    const options = provider.password;
    const password = passwordOf(ctx.body.password, options.policy.maxLength) ?? "";
    const found = await candidate(ctx, addressOf(ctx.body.email));
    const verified = await verifyPassword(found?.factor.secret ?? dummyHash(options.scrypt), password, options.scrypt);
    if (found && verified.tooCostly) ctx.config.logger.warn("imported-hash-too-costly", `user ${found.user.id}`);
    if (!found || !verified.ok || !usable(found, provider)) throw new CredentialsSignin("Wrong email or password.");
    const { user, factor } = found;
    const factors = userFactorsOf(ctx.config);
    if (verified.rehash) await factors.put({ ...factor, secret: await hashPassword(password, options.scrypt) });
    await factors.touch(user.id, "password", PASSWORD_ID, Date.now());
    const signedIn = await finishSignIn(ctx, {
      user,
      account: { provider: provider.id, type: "credentials", providerAccountId: user.id },
      credentials: { email: user.email },
      callbackUrl,
    });
    return withPasskeyOffer(ctx, signedIn, user.id);
  });
}
