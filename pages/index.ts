import type { SignInPageProps } from "./props.js";
import { renderSignIn as renderSignInWith, type PageResult } from "./render.js";
import * as passkeyView from "./passkey-form.js";

export { renderEmailConfirm } from "./email-views.js";
export {
  renderError,
  renderSessions,
  renderSignInExpired,
  renderSignOut,
  renderVerifyRequest,
} from "./render.js";
export type { PageResult } from "./render.js";
export type {
  EmailConfirmPageProps,
  ErrorPageProps,
  SessionView,
  SessionsPageProps,
  SignInExpiredPageProps,
  SignInPageProps,
  SignInPageProvider,
  SignOutPageProps,
  VerifyRequestPageProps,
} from "./props.js";
export { messages, type Messages } from "./messages.js";

/** The sign-in page, passkeys included. The routes load pages lazily instead, through ./load.js. */
export function renderSignIn(props: SignInPageProps): PageResult {
  return renderSignInWith(props, passkeyView);
}
