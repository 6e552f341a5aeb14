/**
 * The shape of a message catalog: every text the built-in pages and the sign-in email show. Each language
 * is one object of this type, so a catalog that lacks a text does not compile.
 */

/** What the Password provider's forms refuse. */
export type PasswordErrorCode =
  | "PasswordTooShort"
  | "PasswordTooLong"
  | "PasswordTooCommon"
  | "PasswordBreached"
  | "PasswordCheckUnavailable"
  | "CurrentPasswordWrong"
  | "LinkInvalid"
  | "NoPassword"
  | "InvalidRequest";

/** A password mail's texts, in the shape of the sign-in mail's. */
export interface PasswordMailText {
  subject: (host: string) => string;
  heading: (host: string) => string;
  intro: string;
  button: string;
  linkIntro: string;
}

/** The `?error=` codes the sign-in page has its own text for. */
export type SignInErrorCode =
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthCreateAccount"
  | "EmailCreateAccount"
  | "Callback"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "EmailSignInError"
  | "CredentialsSignin"
  | "SessionRequired"
  | "MissingCSRF"
  | "Verification"
  | "WebAuthnVerificationError"
  | "RateLimited"
  | "WrongCode"
  | "RecentSignInRequired";

/** The `?error=` codes the error page has its own title and message for. */
export type ErrorPageCode = "Configuration" | "AccessDenied" | "Verification" | "InvalidRequest";

export interface ErrorPageText {
  title: string;
  message: string;
  /** Where the page's way back leads: the sign-in page, or the site's home page when sign-in cannot work. */
  back: "signIn" | "home";
}

export interface Messages {
  common: {
    or: string;
    emailLabel: string;
    emailPlaceholder: string;
    signInWith: (provider: string) => string;
    backToSignIn: string;
    backHome: string;
    /** The button of an email provider, named for what it does rather than for the service that sends the email. */
    signInWithEmail: string;
  };
  signIn: {
    title: string;
    heading: string;
    passkeyButton: string;
    /** The passkey form's own email field, which only a new account needs. */
    passkeyEmailLabel: string;
    passkeyFailed: string;
    /** The visible text of the show-password button, and its accessible name. */
    showPassword: string;
    showPasswordLabel: string;
    /** The button of a Credentials provider that kept its default name. */
    signInWithCredentials: string;
    /** Labels of the inputs named `username` and `password` that have no label of their own. */
    usernameLabel: string;
    passwordLabel: string;
    /** A passkey tried on a page opened at an IP address, where browsers refuse passkeys. */
    passkeyIpAddress: string;
    /** Texts for `?error=` codes; `default` covers any other code. */
    errors: Record<SignInErrorCode | "default", string>;
  };
  signOut: {
    title: string;
    heading: string;
    question: string;
    button: string;
  };
  /** The session list: the user's signed-in devices, each with a button that ends it. */
  sessions: {
    title: string;
    heading: string;
    intro: string;
    /** Marks the session of the device showing the page. */
    current: string;
    /** A session whose User-Agent named no known browser or system. */
    unknownDevice: string;
    /** `when` is a date and time, already in the language. */
    signedIn: (when: string) => string;
    lastActive: (when: string) => string;
    revoke: string;
    revokeOthers: string;
    none: string;
    /** A recognized device: a browser such as "Chrome" on a system such as "Linux". */
    device: (browser: string, system: string) => string;
    /** The link from the session list back to the app. */
    back: string;
  };
  /** The second step of a sign-in: a code from an authenticator app, or a backup code. */
  twoFactor: {
    title: string;
    heading: string;
    intro: string;
    codeLabel: string;
    button: string;
    backupIntro: string;
    backupLabel: string;
    backupButton: string;
    /** A code refused: wrong, or already used. */
    invalid: string;
  };
  /** The Password provider's forms (sign-up, forgot, reset, change) and mails. */
  password: {
    signUpTitle: string;
    signUpButton: string;
    forgotTitle: string;
    forgotIntro: string;
    forgotButton: string;
    resetTitle: string;
    resetButton: string;
    changeTitle: string;
    changeButton: string;
    nameLabel: string;
    newPasswordLabel: string;
    currentPasswordLabel: string;
    /** Under the new-password field: the length rule, and nothing else. */
    lengthHint: (min: number, max: number) => string;
    keepOtherSessions: string;
    changed: string;
    /** After a change, when a passkey provider is configured: a gentle offer. */
    passkeyOffer: string;
    passkeyButton: string;
    forgotLink: string;
    signUpLink: string;
    /** Refusals, by error code; `default` covers any other. */
    errors: Record<PasswordErrorCode | "default", string>;
    /** Each mail's texts, in place of the sign-in mail's. */
    mails: Record<"verify" | "reset" | "existing" | "reset-done" | "changed", PasswordMailText>;
  };
  /** A sign-in whose check cookies are gone or belong to another attempt: started in another tab, or too long ago. */
  signInExpired: {
    title: string;
    heading: string;
    message: string;
    /** The button that starts the same provider again. */
    again: (provider: string) => string;
    otherWays: string;
  };
  error: {
    title: (heading: string) => string;
    /** Title and message per `?error=` code; `default` covers any other code. */
    codes: Record<ErrorPageCode | "default", ErrorPageText>;
  };
  verifyRequest: {
    title: string;
    heading: string;
    sent: (host: string) => string;
    sentTo: (email: string, host: string) => string;
    codeIntro: string;
    codeLabel: string;
    codeButton: string;
    /** After a wrong one-time code: how many more tries that code allows. */
    triesLeft: (count: number) => string;
  };
  emailConfirm: {
    title: string;
    heading: string;
    question: (email: string) => string;
    explanation: string;
    button: string;
  };
  /** The sign-in email. `expiry` is a relative time and a date, already in the language, e.g. "in 24 hours (…)". */
  email: {
    subject: (host: string) => string;
    heading: (host: string) => string;
    intro: string;
    button: string;
    linkIntro: string;
    codeIntro: string;
    linkExpires: (expiry: string) => string;
    linkAndCodeExpire: (expiry: string) => string;
    ignore: string;
  };
}
