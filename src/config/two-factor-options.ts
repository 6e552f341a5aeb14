import { MissingAdapter } from "../errors.js";

/** The `twoFactor` option: a second factor (TOTP, backup codes) after every first factor of a user who has one. */
export interface TwoFactorOptions {
  /**
   * The name authenticator apps show beside the account (the `issuer` of the `otpauth://` URI).
   * @default `theme.brandName`, else the site's host
   * @example
   * ```ts
   * twoFactor: { issuer: "Example Inc." }
   * ```
   */
  issuer?: string;
  /**
   * How many backup codes an enrollment (and each regeneration) gives; each is usable once.
   * @default 10
   * @example
   * ```ts
   * twoFactor: { backupCodes: 12 }
   * ```
   */
  backupCodes?: number;
  /**
   * Seconds a user has, after the first factor, to give the second one.
   * @default 300
   * @example
   * ```ts
   * twoFactor: { pendingMaxAge: 600 }
   * ```
   */
  pendingMaxAge?: number;
}

/**
 * What the configuration knows of the sign-in gate the two-factor feature puts after every first factor. The
 * flows layer's `SignInGate` (`flows/sign-in-gate.ts`) adds what it does; `createAuth` hands it in.
 */
export interface SignInGateRef {
  readonly name: "two-factor";
}

export interface ResolvedTwoFactor {
  issuer?: string;
  backupCodes: number;
  pendingMaxAge: number;
  gate: SignInGateRef;
}

function wholeNumber(option: string, value: unknown, min: number, max: number): number {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    throw new TypeError(`twoFactor.${option} must be a whole number from ${min} to ${max}; got ${String(value)}.`);
  return value as number;
}

/** The `twoFactor` option checked at start-up; undefined when it is not set (the feature is off). */
export function resolveTwoFactor(
  input: TwoFactorOptions | undefined,
  factorStore: unknown,
  gate: SignInGateRef | undefined,
): ResolvedTwoFactor | undefined {
  if (input === undefined) return undefined;
  if (!input || typeof input !== "object") throw new TypeError("twoFactor must be an object, e.g. `twoFactor: {}`.");
  if (!gate) throw new TypeError("twoFactor needs the instance's sign-in gate: create the instance with createAuth.");
  if (!factorStore)
    throw new MissingAdapter(
      'twoFactor keeps second factors in sekisho\'s own tables. Set `adapter` to one of sekisho\'s adapters, e.g. `adapter: SQLiteAdapter("file:auth.db")` from "sekisho/adapters/sqlite", or give a published adapter the `userFactors` option.',
    );
  const { issuer } = input;
  if (issuer !== undefined && (typeof issuer !== "string" || !issuer.trim() || issuer.includes(":")))
    throw new TypeError("twoFactor.issuer must be a non-empty name without a colon, such as your app's.");
  return {
    issuer,
    backupCodes: wholeNumber("backupCodes", input.backupCodes ?? 10, 4, 30),
    pendingMaxAge: wholeNumber("pendingMaxAge", input.pendingMaxAge ?? 300, 60, 3600),
    gate,
  };
}
