import type { PasskeyView } from "../src/config/providers/provider-view.js";
import type { Theme } from "../src/config/theme-colors.js";
import type { CredentialInput, ProviderStyle } from "../src/config/providers/provider-types.js";
import type { PageText } from "../src/messages/locale.js";
import type {
  AccountSlots,
  BackupCodesSlots,
  EmailChangeState,
  PasskeyOfferSlots,
  PasswordSlots,
  SessionView,
  TotpEnrollmentError,
  TotpEnrollmentSlots,
} from "../src/http/page-description.js";

export type { SessionView };

/** Every page takes its language and texts; English when absent. */
interface Localized {
  text?: PageText;
}

/** Props as the page components take them: with the language settled. */
export type Texted<P> = P & { text: PageText };

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
  /** Sign-up and forgot-password pages of a credentials provider that has them (Password). */
  links?: { signUp: string; forgot: string };
}

export interface SignInPageProps extends Localized {
  theme: Theme;
  csrfToken: string;
  /** Where the user goes after signing in. */
  callbackUrl: string;
  /** A code from `?error=`. */
  error?: string;
  providers: SignInPageProvider[];
  /** Prefills the email inputs. */
  email?: string;
  /** The site's host, named at the top of the page when the theme has no `brandName`. */
  host?: string;
  /** The sign-in page's own small script (the show-password buttons), served by sekisho. */
  scriptUrl?: string;
  /** The SimpleWebAuthn browser bundle, served by sekisho. */
  webauthnScriptUrl?: string;
  webauthnOptionsUrl?: string;
}

export interface SignOutPageProps extends Localized {
  theme: Theme;
  csrfToken: string;
  /** POST target: the signout route. */
  url: string;
  callbackUrl?: string;
}

export interface ErrorPageProps extends Localized {
  theme: Theme;
  error?: string;
  /** Without it, the page links to the site's home page instead. */
  signinUrl?: string;
  /** For developers, outside production: how to fix the configuration mistake behind the error. */
  developerHint?: string;
}

export interface VerifyRequestPageProps extends Localized {
  theme: Theme;
  /** The site host, shown in the text. */
  host: string;
  signinUrl?: string;
  /** When set, the page shows a form to enter the one-time code, POSTed here. */
  otpUrl?: string;
  email?: string;
  csrfToken?: string;
  error?: string;
  /** After a wrong code: how many more tries it allows. */
  triesLeft?: number;
  /** The code proves the address (a sign-up) rather than signing in: its button says so. */
  confirms?: boolean;
}

export interface EmailConfirmPageProps extends Localized {
  theme: Theme;
  actionUrl: string;
  token: string;
  email: string;
  callbackUrl: string;
  csrfToken: string;
}

export interface SessionsPageProps extends Localized {
  theme: Theme;
  csrfToken: string;
  /** POST target of the sign-out buttons: the sessions/revoke route. */
  revokeUrl: string;
  sessions: SessionView[];
  /** Where the page's way back leads: the app. */
  backUrl: string;
}

export interface SignInExpiredPageProps extends Localized {
  theme: Theme;
  /** The sign-in page. */
  signinUrl: string;
  /** POST target that starts the provider again; without it, the page leads to the sign-in page only. */
  action?: string;
  /** The provider's name, on the button. */
  provider?: string;
  csrfToken?: string;
  callbackUrl?: string;
}

export interface TwoFactorPageProps extends Localized {
  theme: Theme;
  csrfToken: string;
  /** POST target of both forms: the two-factor route. */
  action: string;
  signinUrl: string;
  /** Set when the last code was refused. */
  error?: "TwoFactorCodeInvalid";
  /**
   * A user the app requires a second factor of enrolls first: the key to add, its `otpauth://` URI, and where a
   * server-rendered QR code of the URI (inline SVG) goes.
   */
  enrollment?: { secret: string; uri: string; qrSvg: string };
  /** Offers "Don't ask again on this device" (`twoFactor.trustedDevices`). */
  trustDevice?: boolean;
  /** Offers the user's passkey: the WebAuthn provider's page parts, where to get the options, and the browser helper. */
  passkey?: { view: PasskeyView; providerId: string; optionsUrl: string; scriptUrl: string };
  /** The user's only second factor is a passkey (`twoFactor.required`, no authenticator app): no code forms. */
  passkeyOnly?: boolean;
}

export interface AccountPageProps extends Localized, AccountSlots {
  theme: Theme;
  /** The second-factor section, as markup the feature's module made (`sekisho/two-factor`); none without the feature. */
  factorsSection?: string;
}

export interface EmailChangePageProps extends Localized {
  theme: Theme;
  state: EmailChangeState;
  /** The way forward from every step. */
  accountUrl: string;
  /** The new address. */
  email?: string;
  /** The confirm step's form: the emailed token, posted with the CSRF token to `actionUrl`. */
  token?: string;
  csrfToken?: string;
  actionUrl?: string;
}

export interface TotpEnrollmentPageProps extends Localized, TotpEnrollmentSlots {
  theme: Theme;
  /** Set when the first code was refused, when no setup is waiting any more, or when TOTP is on already. */
  error?: TotpEnrollmentError;
}

export interface BackupCodesPageProps extends Localized, BackupCodesSlots {
  theme: Theme;
}

export interface PasskeyOfferPageProps extends Localized, PasskeyOfferSlots {
  theme: Theme;
}

export interface PasswordPageProps extends Localized, PasswordSlots {
  theme: Theme;
  /** A refusal's code: the form shows the catalogue's text for it. */
  error?: string;
}
