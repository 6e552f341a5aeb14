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
}

export type SignInSlots = { baseUrl: string; csrfToken: string; callbackUrl: string; email?: string };
export type SignOutSlots = { csrfToken: string; url: string; callbackUrl: string };
/** `developerHint`: the fix for a configuration mistake, shown outside production only. */
export type ErrorSlots = { signinUrl?: string; developerHint?: string };
export type VerifyRequestSlots = { host: string; signinUrl: string; otpUrl?: string; email?: string; csrfToken?: string };
export type EmailConfirmSlots = { actionUrl: string; token: string; email: string; callbackUrl: string; csrfToken: string };
export type SessionsSlots = { csrfToken: string; revokeUrl: string; sessions: SessionView[]; backUrl: string };
/** `action` is POST /two-factor; `signinUrl` the way back to start over. */
export type TwoFactorSlots = { csrfToken: string; action: string; signinUrl: string };
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

/** `error` is a `?error=` code: the page shows only the message table's text for it. */
export type PageDescription =
  | { name: "signIn"; error?: string; slots: SignInSlots }
  | { name: "signOut"; slots: SignOutSlots }
  | { name: "error"; error?: string; slots: ErrorSlots }
  | { name: "verifyRequest"; error?: string; triesLeft?: number; slots: VerifyRequestSlots }
  | { name: "emailConfirm"; slots: EmailConfirmSlots }
  | { name: "sessions"; slots: SessionsSlots }
  | { name: "signInExpired"; slots: SignInExpiredSlots }
  | { name: "twoFactor"; error?: "TwoFactorCodeInvalid"; slots: TwoFactorSlots }
  | { name: "totpEnrollment"; error?: TotpEnrollmentError; slots: TotpEnrollmentSlots }
  | { name: "backupCodes"; slots: BackupCodesSlots };
