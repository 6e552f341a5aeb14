import type { SignInGateRef } from "../config/two-factor-options.js";
import type { ResolvedConfig } from "../config/config-types.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import type { Account, User } from "../shared-types.js";

/** A sign-in whose first factor is done and whose user is resolved, before any session is issued. */
export interface HeldSignIn {
  user: User & { id: string };
  account: Account;
  isNewUser: boolean;
  /** The account already belonged to the user before this sign-in. */
  known: boolean;
  /** The user was unverified: after the session is issued, the account must still be theirs (`stillLinked`). */
  checkLinked: boolean;
  /** Where to go afterwards, already passed through the redirect callback. */
  callbackUrl: string;
  /** When the user proved who they are, when the provider says (seconds); absent: now. */
  provedAt?: number;
  /** A passkey sign-in whose authenticator verified the user (a PIN, a fingerprint): two factors in one. */
  userVerified?: boolean;
}

/**
 * What stands between every first factor and its session: `finishSignIn` asks it last, for every provider type.
 * The two-factor feature implements it (`two-factor/second-factor-gate.ts`); `createAuth` hands it to the configuration, which
 * keeps it only when `twoFactor` is set, so the flows import no feature.
 */
export interface SignInGate extends SignInGateRef {
  /** An outcome that holds the sign-in for a second step, with no session cookie; undefined lets it through. */
  hold(ctx: AuthContext, signIn: HeldSignIn): Promise<Outcome | undefined>;
}

/** The configured gate, or undefined when nothing holds a sign-in. */
export function gateOf(config: ResolvedConfig): SignInGate | undefined {
  return config.twoFactor?.gate as SignInGate | undefined;
}
