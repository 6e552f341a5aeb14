import type { JSX } from "hono/jsx/jsx-runtime";
import { EmailConfirmPage } from "./email-confirm.js";
import { ErrorPage, errorPageStatus } from "./error.js";
import type { PageText } from "../src/messages/locale.js";
import { en } from "../src/messages/en.js";
import type {
  EmailConfirmPageProps,
  ErrorPageProps,
  SignInExpiredPageProps,
  SignInPageProps,
  SessionsPageProps,
  SignOutPageProps,
  Texted,
  TwoFactorPageProps,
  PasswordPageProps,
  VerifyRequestPageProps,
} from "./props.js";
import { PasswordPage } from "./password-page.js";
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

function texted<P extends { text?: PageText }>(props: P): Texted<P> {
  return { ...props, text: props.text ?? english };
}

function toHtml(page: JSX.Element): string {
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

export function renderEmailConfirm(props: EmailConfirmPageProps): PageResult {
  return { html: toHtml(EmailConfirmPage(texted(props))), status: 200 };
}

export function renderSessions(props: SessionsPageProps): PageResult {
  return { html: toHtml(SessionsPage(texted(props))), status: 200 };
}

/** 400: the request is the user's to redo, not a fault of the server. */
export function renderSignInExpired(props: SignInExpiredPageProps): PageResult {
  return { html: toHtml(SignInExpiredPage(texted(props))), status: 400 };
}

/** 401 after a refused code, as a wrong password answers; 200 otherwise. */
export function renderTwoFactor(props: TwoFactorPageProps): PageResult {
  return { html: toHtml(TwoFactorPage(texted(props))), status: props.error ? 401 : 200 };
}

/** 401 after a wrong current password, 503 when the breach check could not answer, 400 after another refusal. */
export function renderPassword(props: PasswordPageProps): PageResult {
  const status = !props.error
    ? 200
    : props.error === "CurrentPasswordWrong"
      ? 401
      : props.error === "PasswordCheckUnavailable"
        ? 503
        : 400;
  return { html: toHtml(PasswordPage(texted(props))), status };
}
