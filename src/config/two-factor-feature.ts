import type { User } from "../shared-types.js";

/** Whether a user must have a second factor: the same for everyone, or decided per user at each first factor. */
export type TwoFactorRequired = boolean | ((user: User & { id: string }) => boolean | Promise<boolean>);

/** How long a browser the user trusted skips the second factor, in seconds. */
export interface TrustedDevicesOptions {
  maxAge: number;
}

/**
 * What the configuration knows of the sign-in gate the two-factor feature puts after every first factor. The
 * flows layer's `SignInGate` (`flows/sign-in.ts`) adds what it does.
 */
export interface SignInGateRef {
  readonly name: "two-factor";
}

/**
 * What the configuration knows of the second-factor feature (`sekisho/two-factor`): its name, the check of its
 * options at start-up, and its sign-in gate. The flows layer's `TwoFactorFeature` (`flows/two-factor-contract.ts`)
 * adds its routes and pages; the core imports none of it.
 */
export interface TwoFactorFeatureRef {
  readonly feature: "two-factor";
  readonly gate: SignInGateRef;
  /** The options checked against where the user's factors are kept; throws with the fix at start-up. */
  resolve(factorStore: unknown): Omit<ResolvedTwoFactor, "feature">;
}

/** The `twoFactor` feature as resolved: its options checked, and the feature itself. */
export interface ResolvedTwoFactor {
  issuer?: string;
  backupCodes: number;
  pendingMaxAge: number;
  required: TwoFactorRequired;
  trustedDevices: TrustedDevicesOptions | false;
  feature: TwoFactorFeatureRef;
}

function isFeature(input: unknown): input is TwoFactorFeatureRef {
  return typeof input === "object" && input !== null && (input as { feature?: unknown }).feature === "two-factor";
}

/** The `twoFactor` option checked at start-up; undefined when it is not set (second factors are off). */
export function resolveTwoFactor(input: unknown, factorStore: unknown): ResolvedTwoFactor | undefined {
  if (input === undefined) return undefined;
  if (!isFeature(input))
    throw new TypeError(
      'twoFactor takes the feature module: import { twoFactor } from "sekisho/two-factor" and set `twoFactor: twoFactor({ ... })` with the options you had.',
    );
  return { ...input.resolve(factorStore), feature: input };
}
