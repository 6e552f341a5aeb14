import type { JSX } from "hono/jsx/jsx-runtime";
import { ErrorPage, errorPageStatus } from "./error.js";
import type { PageText } from "../src/messages/locale.js";
import { en } from "../src/messages/en.js";
import { AccountPage } from "./account-page.js";
import type {
  AccountPageProps,
  ErrorPageProps,
  SignInExpiredPageProps,
  SignInPageProps,
  SessionsPageProps,
  SignOutPageProps,
  Texted,
  TotpEnrollmentPageProps,
  BackupCodesPageProps,
  TwoFactorPageProps,
  VerifyRequestPageProps,
} from "./props.js";
import { TotpEnrollmentPage } from "./totp-enrollment-page.js";
import { BackupCodesPage } from "./backup-codes-page.js";
import { TwoFactorPage } from "./two-factor-page.js";
import { SessionsPage } from "./sessions.js";
import { SignInPage } from "./signin.js";
import { SignInExpiredPage } from "./sign-in-expired.js";
import type { PasskeyView } from "../src/config/providers/provider-view.js";
import { SignOutPage } from "./signout.js";
import { VerifyRequestPage } from "./verify-request.js";

export interface PageResult {
  html: string;
  status: number;
}

const english: PageText = { lang: "en", messages: en };

export function texted<P extends { text?: PageText }>(props: P): Texted<P> {
  return { ...props, text: props.text ?? english };
}

export function toHtml(page: JSX.Element): string {
  const html = page.toString();
  // Every page component is synchronous; a promise here is a programming error.
  if (typeof html !== "string") throw new TypeError("A built-in page rendered asynchronously");
  return `<!DOCTYPE html>${html}`;
}

/** Without `passkeyView`, the page shows no passkey button. */
export function renderSignIn(props: SignInPageProps, passkeyView?: PasskeyView): PageResult {
  return { html: toHtml(SignInPage({ ...texted(props), passkeyView })), status: 200 };
}

export function renderSignOut(props: SignOutPageProps): PageResult {
  return { html: toHtml(SignOutPage(texted(props))), status: 200 };
}

export function renderError(props: ErrorPageProps): PageResult {
  return { html: toHtml(ErrorPage(texted(props))), status: errorPageStatus(props.error) };
}

export function renderVerifyRequest(props: VerifyRequestPageProps): PageResult {
  return { html: toHtml(VerifyRequestPage(texted(props))), status: 200 };
}

export function renderSessions(props: SessionsPageProps): PageResult {
  return { html: toHtml(SessionsPage(texted(props))), status: 200 };
}

/** 403 when it shows again after a form whose CSRF token was missing or stale. */
export function renderAccount(props: AccountPageProps): PageResult {
  return { html: toHtml(AccountPage(texted(props))), status: props.notice === "MissingCSRF" ? 403 : 200 };
}

/** 400: the request is the user's to redo, not a fault of the server. */
export function renderSignInExpired(props: SignInExpiredPageProps): PageResult {
  return { html: toHtml(SignInExpiredPage(texted(props))), status: 400 };
}

/** 401 after a refused code, as a wrong password answers; 200 otherwise. */
export function renderTwoFactor(props: TwoFactorPageProps): PageResult {
  return { html: toHtml(TwoFactorPage(texted(props))), status: props.error ? 401 : 200 };
}

/** 400 for a mistyped address or code, or a link that no longer works, 409 for an address taken meanwhile, 403 in another account's browser. */
const enrollmentStatus = { TwoFactorCodeInvalid: 401, NoEnrollment: 404, TwoFactorAlreadyOn: 409 } as const;

/** 401 after a refused first code, 404 when no setup waits any more, 409 when TOTP is on already; 200 otherwise. */
export function renderTotpEnrollment(props: TotpEnrollmentPageProps): PageResult {
  const status = props.error ? enrollmentStatus[props.error] : 200;
  return { html: toHtml(TotpEnrollmentPage(texted(props))), status };
}

export function renderBackupCodes(props: BackupCodesPageProps): PageResult {
  return { html: toHtml(BackupCodesPage(texted(props))), status: 200 };
}
