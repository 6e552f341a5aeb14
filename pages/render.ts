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
  VerifyRequestPageProps,
} from "./props.js";
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

/** A part of a page as markup (the feature modules' sections). */
export function toMarkup(part: JSX.Element): string {
  const html = part.toString();
  // Every page component is synchronous; a promise here is a programming error.
  if (typeof html !== "string") throw new TypeError("A built-in page rendered asynchronously");
  return html;
}

export function toHtml(page: JSX.Element): string {
  return `<!DOCTYPE html>${toMarkup(page)}`;
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
