import { MissingAdapter } from "../configuration-errors.js";
import type { ResolvedTwoFactor, TrustedDevicesOptions, TwoFactorRequired } from "../config/two-factor-feature.js";

export type { TrustedDevicesOptions, TwoFactorRequired };

/** The options of `twoFactor(...)`: a second factor (TOTP, backup codes) after every first factor of a user who has one. */
export interface TwoFactorOptions {
  /**
   * The name authenticator apps show beside the account (the `issuer` of the `otpauth://` URI).
   * @default `theme.brandName`, else the site's host
   * @example
   * ```ts
   * twoFactor: twoFactor({ issuer: "Example Inc." })
   * ```
   */
  issuer?: string;
  /**
   * How many backup codes an enrollment (and each regeneration) gives; each is usable once.
   * @default 10
   * @example
   * ```ts
   * twoFactor: twoFactor({ backupCodes: 12 })
   * ```
   */
  backupCodes?: number;
  /**
   * Seconds a user has, after the first factor, to give the second one.
   * @default 300
   * @example
   * ```ts
   * twoFactor: twoFactor({ pendingMaxAge: 600 })
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
   * twoFactor: twoFactor({ required: (user) => user.email?.endsWith("@example.com") ?? false })
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
   * twoFactor: twoFactor({ trustedDevices: { maxAge: 30 * 24 * 60 * 60 } })
   * ```
   */
  trustedDevices?: TrustedDevicesOptions | false;
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

/** The options checked at start-up, when createAuth resolves the configuration, with the fix in each message. */
export function resolveTwoFactorOptions(input: TwoFactorOptions, factorStore: unknown): Omit<ResolvedTwoFactor, "feature"> {
  if (!input || typeof input !== "object")
    throw new TypeError("twoFactor(...) takes an object of options, e.g. `twoFactor({})`.");
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
  };
}
