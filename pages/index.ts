export { renderEmailConfirm, renderError, renderSignIn, renderSignOut, renderVerifyRequest } from "./render.js";
export type { PageResult } from "./render.js";
export type {
  EmailConfirmPageProps,
  ErrorPageProps,
  SignInPageProps,
  SignInPageProvider,
  SignOutPageProps,
  VerifyRequestPageProps,
} from "./props.js";
export { messages, type Messages } from "./messages.js";
