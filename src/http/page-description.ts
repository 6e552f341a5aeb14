/*
 * Which built-in page to show and the values it is filled with. Routes and flows describe a page; the app
 * layer renders it (pages/), so nothing below the app imports a page.
 */

/** One session as the session list shows it; times are ISO 8601. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  /** A short description such as "Chrome on macOS"; null when nothing was recognized. */
  userAgent: string | null;
  /** Truncated, such as "203.0.113.x". */
  ip: string | null;
  /** The session of the request showing the page. */
  current: boolean;
  /** The provider id the session signed in with ("github", "credentials", "passkey"), when recorded. */
  method: string | null;
}

/** The signed-in user's account, as `GET {basePath}/account` answers JSON callers and the account page shows it. Times are ISO 8601. */
export interface AccountView {
  user: { id: string; name: string | null; email: string | null; image: string | null };
  /** The linked provider accounts (passkeys are listed apart); null when the adapter cannot list them (one written for Auth.js). */
  accounts: { provider: string; type: string; providerAccountId: string }[] | null;
  /** `id` is the credential ID; `name`, `createdAt` and `lastUsedAt` are null until known. */
  passkeys: { id: string; name: string | null; createdAt: string | null; lastUsedAt: string | null }[];
  /** What can be done to a passkey here: renaming needs the user-factor store, removing an adapter that deletes one. */
  passkeyActions: { rename: boolean; remove: boolean };
  password: boolean;
  twoFactor: {
    totp: boolean;
    backupCodesLeft: number;
    trustedDevices: { id: string; label: string | null; createdAt: string; lastUsedAt: string | null; expires: string | null }[];
  };
  /** The current session first. */
  sessions: SessionView[];
}

export type SignInSlots = { baseUrl: string; csrfToken: string; callbackUrl: string; email?: string };
export type SignOutSlots = { csrfToken: string; url: string; callbackUrl: string };
/** `developerHint`: the fix for a configuration mistake, shown outside production only. */
export type ErrorSlots = { signinUrl?: string; developerHint?: string };
export type VerifyRequestSlots = { host: string; signinUrl: string; otpUrl?: string; email?: string; csrfToken?: string };
export type EmailConfirmSlots = { actionUrl: string; token: string; email: string; callbackUrl: string; csrfToken: string };
export type SessionsSlots = { csrfToken: string; revokeUrl: string; sessions: SessionView[]; backUrl: string };
/**
 * The account page's values: its forms post under `baseUrl`; `providers` are those a user can link (each through
 * its normal sign-in); `emailChange` whether an email provider can prove
 * a new address; `notice` a refusal to explain.
 */
export type AccountSlots = {
  csrfToken: string;
  baseUrl: string;
  view: AccountView;
  providers: { id: string; name: string; signinUrl: string }[];
  emailChange: boolean;
  notice?: "LastWayIn" | "MissingCSRF" | "ConfirmationRequired";
};
/**
 * `action` is POST /two-factor; `signinUrl` the way back to start over. A user enrolling sees `secret` and `uri`;
 * with `passkeyOptionsUrl` (and the script), the page offers a passkey; the description's `passkeyOnly` (a user whose
 * only second factor is a passkey) leaves out the code forms.
 */
export type TwoFactorSlots = {
  csrfToken: string;
  action: string;
  signinUrl: string;
  secret?: string;
  uri?: string;
  /** The QR code of `uri`, as SVG markup made on the server (src/two-factor/qr-svg.ts), not from input. */
  qrSvg?: string;
  passkeyOptionsUrl?: string;
  webauthnScriptUrl?: string;
};
/**
 * Turning on an authenticator app. With `secret`, `uri` and `qrSvg` (markup made by src/two-factor/qr-svg.ts, not
 * from input) the page shows the waiting setup and posts the first code to `action`; without them the setup is
 * gone and the page offers to start again at `startUrl`. `callbackUrl` travels with the forms to the last page.
 */
export type TotpEnrollmentSlots = {
  csrfToken: string;
  action: string;
  startUrl: string;
  backUrl: string;
  callbackUrl?: string;
  secret?: string;
  uri?: string;
  qrSvg?: string;
};
/**
 * Why the enrollment page is shown again: the first code was wrong (the same setup still waits), no setup waits any
 * more, or two-step sign-in is on already (finished in another tab).
 */
export type TotpEnrollmentError = "TwoFactorCodeInvalid" | "NoEnrollment" | "TwoFactorAlreadyOn";
/** The backup codes in the clear, shown once; `doneUrl` is where the user goes on. */
export type BackupCodesSlots = { codes: string[]; doneUrl: string };
/** `action` starts the provider again (OAuth only; the others start from the sign-in page), POSTed with the CSRF token. */
export type SignInExpiredSlots = {
  signinUrl: string;
  action?: string;
  provider?: string;
  csrfToken?: string;
  callbackUrl?: string;
};

/**
 * The steps of changing the email address: `sent` (check the new inbox, and the code's form with codes on),
 * `confirm` (the emailed link's button), `wrongCode` (a mistyped code, to try again), `done`, and the ways a
 * confirmation ends without a change: `invalid`, `taken`, `otherUser`; and a request's address that is malformed
 * (`badAddress`) or the account's own (`unchanged`).
 */
export type EmailChangeState =
  | "sent"
  | "confirm"
  | "wrongCode"
  | "done"
  | "invalid"
  | "taken"
  | "otherUser"
  | "badAddress"
  | "unchanged";
/** `email` is the new address; the forms post `token` (or `code`) and `csrfToken` to `actionUrl`. */
export type EmailChangeSlots = {
  accountUrl: string;
  email?: string;
  token?: string;
  csrfToken?: string;
  actionUrl?: string;
};
/** The Password provider's forms. */
/**
 * The offer to add a passkey after a password sign-in: `addUrl` leads to the passkey button, `action` takes "Not now"
 * (CSRF-checked), and both go on to `callbackUrl`.
 */
export type PasskeyOfferSlots = { addUrl: string; action: string; csrfToken: string; callbackUrl: string };

export type PasswordForm = "signUp" | "forgot" | "reset" | "change";
/**
 * `action` is where the form posts; `minLength` the shortest password the user may choose; `token` the reset
 * link's (reset form); `done` after a change; `passkeyUrl` where to add a passkey, when a WebAuthn provider is set.
 */
export type PasswordSlots = {
  form: PasswordForm;
  action: string;
  csrfToken: string;
  signinUrl: string;
  forgotUrl: string;
  signUpUrl: string;
  minLength: number;
  maxLength: number;
  token?: string;
  email?: string;
  done?: boolean;
  passkeyUrl?: string;
};

/** `error` is a `?error=` code: the page shows only the message table's text for it. */
export type PageDescription =
  | { name: "signIn"; error?: string; slots: SignInSlots }
  | { name: "signOut"; slots: SignOutSlots }
  | { name: "error"; error?: string; slots: ErrorSlots }
  | { name: "verifyRequest"; error?: string; triesLeft?: number; confirms?: boolean; slots: VerifyRequestSlots }
  | { name: "emailConfirm"; slots: EmailConfirmSlots }
  | { name: "sessions"; slots: SessionsSlots }
  | { name: "account"; slots: AccountSlots }
  | { name: "signInExpired"; slots: SignInExpiredSlots }
  | { name: "twoFactor"; error?: "TwoFactorCodeInvalid"; passkeyOnly?: boolean; slots: TwoFactorSlots }
  | { name: "emailChange"; state: EmailChangeState; slots: EmailChangeSlots }
  | { name: "totpEnrollment"; error?: TotpEnrollmentError; slots: TotpEnrollmentSlots }
  | { name: "backupCodes"; slots: BackupCodesSlots }
  | { name: "password"; error?: string; slots: PasswordSlots }
  | { name: "passkeyOffer"; slots: PasskeyOfferSlots };

/** The pages a sign-in method brings with it (its provider module loads them), so that apps without the method carry none. */
export type MethodPageName = "password" | "passkeyOffer" | "emailConfirm" | "emailChange";

export type MethodPageDescription = Extract<PageDescription, { name: MethodPageName }>;
