import type { Theme } from "../src/config/types.js";
import type { CredentialInput, ProviderStyle } from "../src/providers/types.js";

export interface SignInPageProvider {
  id: string;
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  /** POST target that starts sign-in (oauth, oidc, email). */
  signinUrl: string;
  /** POST target of the credentials and WebAuthn forms. */
  callbackUrl: string;
  style?: ProviderStyle;
  /** Inputs of a credentials form, or the form fields of a WebAuthn provider. */
  credentials?: Record<string, CredentialInput>;
  enableConditionalUI?: boolean;
}

export interface SignInPageProps {
  theme: Theme;
  csrfToken: string;
  /** Where the user goes after signing in. */
  callbackUrl: string;
  /** A code from `?error=`. */
  error?: string;
  providers: SignInPageProvider[];
  /** Prefills the email inputs. */
  email?: string;
  /** The SimpleWebAuthn browser bundle, served by sekisho. */
  webauthnScriptUrl?: string;
  webauthnOptionsUrl?: string;
}

export interface SignOutPageProps {
  theme: Theme;
  csrfToken: string;
  /** POST target: the signout route. */
  url: string;
  callbackUrl?: string;
}

export interface ErrorPageProps {
  theme: Theme;
  error?: string;
  /** Without it, the page links to the site's home page instead. */
  signinUrl?: string;
}

export interface VerifyRequestPageProps {
  theme: Theme;
  /** The site host, shown in the text. */
  host: string;
  signinUrl?: string;
  /** When set, the page shows a form to enter the one-time code, POSTed here. */
  otpUrl?: string;
  email?: string;
  csrfToken?: string;
  error?: string;
}

export interface EmailConfirmPageProps {
  theme: Theme;
  actionUrl: string;
  token: string;
  email: string;
  callbackUrl: string;
  csrfToken: string;
}
