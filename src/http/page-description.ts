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
/** `action` starts the provider again (OAuth only; the others start from the sign-in page), POSTed with the CSRF token. */
export type SignInExpiredSlots = {
  signinUrl: string;
  action?: string;
  provider?: string;
  csrfToken?: string;
  callbackUrl?: string;
};

/** The Password provider's forms. */
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
  | { name: "verifyRequest"; error?: string; triesLeft?: number; slots: VerifyRequestSlots }
  | { name: "emailConfirm"; slots: EmailConfirmSlots }
  | { name: "sessions"; slots: SessionsSlots }
  | { name: "signInExpired"; slots: SignInExpiredSlots }
  | { name: "twoFactor"; error?: "TwoFactorCodeInvalid"; slots: TwoFactorSlots }
  | { name: "password"; error?: string; slots: PasswordSlots };
