/*
 * What the built-in pages need to know of a provider, typed here so that the configuration can name the
 * pages' parts without importing pages/: the fields of a credentials or passkey form, and the passkey parts
 * that a WebAuthn provider module brings (pages/passkey-form.tsx).
 */
import type { Child } from "hono/jsx";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { Messages } from "../../messages/message-types.js";

/** One input of a credentials or passkey form; other attributes are passed through to the input. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  [attribute: string]: unknown;
}

/** What the passkey form shows of its provider. */
export interface PasskeyFormProvider {
  id: string;
  /** POST target of the ceremony's result. */
  callbackUrl: string;
  /** The provider's own form fields; without them the form asks for an email. */
  credentials?: Record<string, CredentialInput>;
  enableConditionalUI?: boolean;
}

export interface PasskeyFormProps {
  messages: Messages;
  provider: PasskeyFormProvider;
  optionsUrl: string;
  csrfToken: string;
  callbackUrl: string;
  /** The id of another form's email input that this form uses instead of a field of its own. */
  emailInput?: string;
  /** The button's text, when not the sign-in page's. */
  buttonText?: string;
  /** Fields posted with the ceremony's result rather than sent to the options request (the step's "don't ask again"). */
  children?: Child;
}

/** The passkey parts of the built-in sign-in page, loaded only by apps that configure a WebAuthn provider. */
export interface PasskeyView {
  PasskeyForm(props: PasskeyFormProps): JSX.Element;
  /** The browser helper (served by sekisho) and the script that drives the passkey forms. */
  PasskeyScripts(props: { scriptUrl: string }): JSX.Element;
}
