import { MissingAdapter } from "../configuration-errors.js";
import type { User } from "../shared-types.js";

/** Whether a user must have a second factor: the same for everyone, or decided per user at each first factor. */
export type TwoFactorRequired = boolean | ((user: User & { id: string }) => boolean | Promise<boolean>);

/** How long a browser the user trusted skips the second factor, in seconds. */
export interface TrustedDevicesOptions {
  maxAge: number;
}

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
  /**
   * Users who must have a second factor. A user it names who has none gets no session from the first factor: the
   * second-factor step enrolls an authenticator app first (the secret and its `otpauth://` URI), then shows the
   * backup codes once and completes the sign-in. A function is asked at every first factor of a user without one.
   * @default false
   * @example
   * ```ts
   * twoFactor: { required: (user) => user.email?.endsWith("@example.com") ?? false }
   * ```
   */
  required?: TwoFactorRequired;
  /**
   * "Don't ask again on this device": after a second factor, a user may tick a box, and that browser skips the
   * second step for `maxAge` seconds (a `sekisho.trusted-device` cookie bound to the user, checked against a
   * stored hash). Turning the second factor off forgets every trusted device. `false` offers no box.
   * @default false
   * @example
   * ```ts
   * twoFactor: { trustedDevices: { maxAge: 30 * 24 * 60 * 60 } }
   * ```
   */
  trustedDevices?: TrustedDevicesOptions | false;
}

/**
 * What the configuration knows of the sign-in gate the two-factor feature puts after every first factor. The
 * flows layer's `SignInGate` (`flows/sign-in.ts`) adds what it does; `createAuth` hands it in.
 */
export interface SignInGateRef {
  readonly name: "two-factor";
}

export interface ResolvedTwoFactor {
  issuer?: string;
  backupCodes: number;
  pendingMaxAge: number;
  required: TwoFactorRequired;
  trustedDevices: TrustedDevicesOptions | false;
  gate: SignInGateRef;
}

function wholeNumber(option: string, value: unknown, min: number, max: number): number {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    throw new TypeError(`twoFactor.${option} must be a whole number from ${min} to ${max}; got ${String(value)}.`);
  return value as number;
}

function checkRequired(required: unknown): TwoFactorRequired {
  if (typeof required === "boolean" || typeof required === "function") return required as TwoFactorRequired;
  throw new TypeError(
    `twoFactor.required must be true, false or a function of the user that returns one of them; got ${typeof required}.`,
  );
}

/** A year: a trust that outlives that is a second factor turned off. */
const MAX_TRUST = 365 * 24 * 60 * 60;

function checkTrustedDevices(value: unknown): TrustedDevicesOptions | false {
  if (value === false) return false;
  if (!value || typeof value !== "object")
    throw new TypeError("twoFactor.trustedDevices must be false or `{ maxAge: seconds }`, e.g. `{ maxAge: 30 * 24 * 60 * 60 }`.");
  return { maxAge: wholeNumber("trustedDevices.maxAge", (value as { maxAge?: unknown }).maxAge, 60, MAX_TRUST) };
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
    required: checkRequired(input.required ?? false),
    trustedDevices: checkTrustedDevices(input.trustedDevices ?? false),
    gate,
  };
}
