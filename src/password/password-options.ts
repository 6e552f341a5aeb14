import type { Awaitable } from "../shared-types.js";
import type { ScryptParams } from "./scrypt.js";
import { defaultScrypt } from "./password-hash.js";

/** What a password mail is for: the proof link of a sign-up, a reset link, or a notice. */
export type PasswordMailKind = "verify" | "reset" | "existing" | "reset-done" | "changed";

/** One mail of the Password provider, for a `sendMail` of the app's own. */
export interface PasswordMail {
  kind: PasswordMailKind;
  /** The recipient. */
  to: string;
  /** The link the mail carries: the proof or reset link (its token in `token`), or where to sign in. */
  url: string;
  /** When the link stops working. */
  expires: Date;
  /**
   * The one-time code of a sign-up's proof (`kind: "verify"`), beside its link, when the app's email provider
   * sends codes (`otp`).
   */
  code?: string;
  /** The request that caused the mail, for its language or host. */
  request: Request;
}

/** The breached-password check through Have I Been Pwned's range API. */
export interface BreachedCheckOptions {
  /**
   * What a sign-up, reset or change does when the service does not answer in time: `"allow"` takes the password
   * (the shipped list and the length rules still apply), `"refuse"` asks the user to try again later.
   * @default "allow"
   * @example Password({ breachedCheck: { onUnavailable: "refuse" } })
   */
  onUnavailable?: "allow" | "refuse";
  /**
   * Milliseconds to wait for the service.
   * @default 3000
   * @example Password({ breachedCheck: { timeout: 1500 } })
   */
  timeout?: number;
}

/** The options of `Password()` from `sekisho/providers/password`. */
export interface PasswordOptions {
  /**
   * The provider's id: the sign-in is `POST {basePath}/callback/{id}`.
   * @default "password"
   * @example Password({ id: "password" })
   */
  id?: string;
  /**
   * The name on the sign-in page's button.
   * @default "Password"
   * @example Password({ name: "Email and password" })
   */
  name?: string;
  /**
   * The shortest password accepted from a user without a second factor, in characters (NIST SP 800-63B: 15).
   * @default 15
   * @example Password({ minLength: 12 })
   */
  minLength?: number;
  /**
   * The shortest password accepted from a user with a second factor (TOTP) on (NIST SP 800-63B: 8).
   * @default 8
   * @example Password({ minLengthWithSecondFactor: 10 })
   */
  minLengthWithSecondFactor?: number;
  /**
   * The longest password accepted, in characters; at least 64.
   * @default 128
   * @example Password({ maxLength: 256 })
   */
  maxLength?: number;
  /**
   * Refuse passwords found in breaches, asking Have I Been Pwned with the first 5 hex digits of the password's
   * SHA-1 (through the provider's `customFetch`). `true` takes the defaults of `BreachedCheckOptions`.
   * @default false
   * @example Password({ breachedCheck: true })
   */
  breachedCheck?: boolean | BreachedCheckOptions;
  /**
   * Let users sign in before they proved their address. Weaker: anyone can then use an address that is not
   * theirs until its owner proves it (which ends that password's use).
   * @default false
   * @example Password({ allowUnverifiedSignIn: true })
   */
  allowUnverifiedSignIn?: boolean;
  /**
   * Sends the provider's mails. Without it they go through the first configured email provider's
   * `sendVerificationRequest`, with the link in `url`.
   * @default the first provider of type "email"
   * @example Password({ sendMail: ({ to, url, kind }) => mailer.send(to, kind, url) })
   */
  sendMail?: (mail: PasswordMail) => Awaitable<void>;
  /**
   * scrypt's cost for new hashes: `ln` is log2(N). Hashes made with other parameters are re-hashed at the next
   * sign-in.
   * @default { ln: 17, r: 8, p: 1 } (OWASP's minimum; 128 MiB per hash)
   * @example Password({ scrypt: { ln: 18, r: 8, p: 1 } })
   */
  scrypt?: ScryptParams;
  /**
   * Seconds a reset link works.
   * @default 3600
   * @example Password({ resetMaxAge: 15 * 60 })
   */
  resetMaxAge?: number;
  /**
   * Seconds a sign-up's proof link works.
   * @default 86400
   * @example Password({ signUpMaxAge: 3600 })
   */
  signUpMaxAge?: number;
}

export interface ResolvedPasswordOptions {
  policy: {
    minLength: { alone: number; withSecondFactor: number };
    maxLength: number;
    breached?: Required<BreachedCheckOptions>;
  };
  allowUnverifiedSignIn: boolean;
  sendMail?: PasswordOptions["sendMail"];
  scrypt: ScryptParams;
  /** Milliseconds. */
  resetMaxAge: number;
  signUpMaxAge: number;
}

function wholeNumber(name: string, value: number | undefined, fallback: number, min: number, max: number, fix: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new TypeError(`Password({ ${name} }) must be a whole number from ${min} to ${max}; got ${String(value)}. ${fix}`);
  return value;
}

function scryptOf(params: ScryptParams | undefined): ScryptParams {
  if (!params) return defaultScrypt;
  const ln = wholeNumber("scrypt.ln", params.ln, 17, 15, 20, "OWASP asks for at least 17 (N = 2^17).");
  const r = wholeNumber("scrypt.r", params.r, 8, 8, 32, "Keep r at 8 unless you measured otherwise.");
  const p = wholeNumber("scrypt.p", params.p, 1, 1, 16, "p = 1 is OWASP's choice with ln = 17.");
  return { ln, r, p };
}

function breachedOf(option: PasswordOptions["breachedCheck"]): Required<BreachedCheckOptions> | undefined {
  if (!option) return undefined;
  const chosen = option === true ? {} : option;
  const onUnavailable = chosen.onUnavailable ?? "allow";
  if (onUnavailable !== "allow" && onUnavailable !== "refuse")
    throw new TypeError(
      `Password({ breachedCheck: { onUnavailable } }) is "allow" or "refuse"; got ${JSON.stringify(onUnavailable)}.`,
    );
  const timeout = wholeNumber(
    "breachedCheck.timeout",
    chosen.timeout,
    3000,
    100,
    30_000,
    "Milliseconds to wait for the service.",
  );
  return { onUnavailable, timeout };
}

/** The options with their defaults; throws the first mistake, naming the option and the fix. */
export function resolvePasswordOptions(options: PasswordOptions): ResolvedPasswordOptions {
  const alone = wholeNumber("minLength", options.minLength, 15, 8, 64, "NIST SP 800-63B asks for 15 without a second factor.");
  const withSecondFactor = wholeNumber(
    "minLengthWithSecondFactor",
    options.minLengthWithSecondFactor,
    Math.min(8, alone),
    8,
    alone,
    "It is at least 8 and at most `minLength`.",
  );
  const maxLength = wholeNumber("maxLength", options.maxLength, 128, 64, 4096, "NIST SP 800-63B asks to accept at least 64.");
  return {
    policy: { minLength: { alone, withSecondFactor }, maxLength, breached: breachedOf(options.breachedCheck) },
    allowUnverifiedSignIn: options.allowUnverifiedSignIn ?? false,
    sendMail: options.sendMail,
    scrypt: scryptOf(options.scrypt),
    resetMaxAge: wholeNumber("resetMaxAge", options.resetMaxAge, 3600, 60, 86_400, "Seconds; an hour is usual.") * 1000,
    signUpMaxAge: wholeNumber("signUpMaxAge", options.signUpMaxAge, 86_400, 300, 7 * 86_400, "Seconds; a day is usual.") * 1000,
  };
}
