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
  /** The account page: sign-in methods, second factors, email, sessions, deleting the account. */
  account: {
    title: string;
    heading: string;
    methodsHeading: string;
    noLinked: string;
    /** Instead of the list, when the app's adapter cannot list a user's accounts (one written for Auth.js). */
    accountsNotListed: string;
    unlink: string;
    /** The list of providers the user can link through their normal sign-in. */
    linkAnother: string;
    passkeysHeading: string;
    noPasskeys: string;
    /** A passkey the user has not named. */
    unnamedPasskey: string;
    passkeyName: string;
    rename: string;
    remove: string;
    /** `when` is a date and time, already in the language. */
    added: (when: string) => string;
    lastUsed: (when: string) => string;
    passwordSet: string;
    factorsHeading: string;
    totpOn: string;
    totpOff: string;
    turnOn: string;
    turnOff: string;
    regenerateCodes: string;
    backupCodesLeft: (count: number) => string;
    trustedDevices: string;
    trustedUntil: (when: string) => string;
    revokeDevice: string;
    emailHeading: string;
    noEmail: string;
    newEmail: string;
    changeEmail: string;
    sessionsHeading: string;
    /** Beside the account page's "sign out all other sessions" button (its text is `sessions.revokeOthers`). */
    signOutOthersHint: string;
    /** `method` is a provider's id, such as "github" or "credentials". */
    signedInWith: (method: string) => string;
    deleteHeading: string;
    deleteWarning: string;
    /** The checkbox that confirms deleting the account. */
    deleteUnderstand: string;
    /** The account page after a deletion posted without the checkbox. */
    deleteNotConfirmed: string;
    deleteButton: string;
    /** A removal refused because it would leave no way into the account. */
    lastWayIn: string;
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
    /** Enrollment, for a user the app requires a second factor of: the key, its link, and the first code. */
    enrollHeading: string;
    enrollIntro: string;
    secretLabel: string;
    uriLink: string;
    enrollButton: string;
    /** The checkbox that trusts this browser (`twoFactor.trustedDevices`). */
    trustDevice: string;
    passkeyIntro: string;
    passkeyButton: string;
    /** When a passkey is the only second factor the user has: the step's heading and intro. */
    passkeyHeading: string;
    passkeyOnlyIntro: string;
    /** The backup codes of a new enrollment, shown once. */
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
    /** The page offered once after a password sign-in, when the user has no passkey: its title, and its way on. */
    passkeyOfferTitle: string;
    notNow: string;
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
  /** Turning on an authenticator app: the QR code, the key to type, and the first code. */
  totpEnrollment: {
    title: string;
    heading: string;
    intro: string;
    /** The QR code's text alternative. */
    qrLabel: string;
    secretLabel: string;
    /** The otpauth:// link, for an authenticator app on the same device. */
    openInApp: string;
    codeIntro: string;
    codeLabel: string;
    button: string;
    /** The first code was not right; the same key is still waiting. */
    invalid: string;
    /** No setup waits for a code: it expired, or was finished in another tab. */
    staleHeading: string;
    staleMessage: string;
    startAgain: string;
    /** Two-step sign-in is on already: finished in another tab, or asked for twice. */
    alreadyOnHeading: string;
    alreadyOnMessage: string;
    /** The way back to the account. */
    back: string;
  };
  /** The backup codes, shown once after turning TOTP on or renewing them. */
  backupCodes: {
    title: string;
    heading: string;
    intro: string;
    listLabel: string;
    /** The link on, once the codes are kept. */
    done: string;
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
    /** The code form's button where the code proves an address rather than signing in (a sign-up). */
    confirmCodeButton: string;
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
  /**
   * Changing the account's email address: the pages of each step (`sent`: check the new inbox; `confirm`: the
   * emailed link's button; `done`; `invalid`: a stale or used link; `taken`: the address has an account already;
   * `badAddress` and `unchanged`: the request's address is malformed, or the account's own;
   * `otherUser`: the link opened while another account is signed in), and the three mails, each shaped as `email`.
   */
  emailChange: {
    title: string;
    sentHeading: string;
    sent: (email: string) => string;
    confirmHeading: string;
    confirmQuestion: (email: string) => string;
    confirmButton: string;
    doneHeading: string;
    done: (email: string) => string;
    invalidHeading: string;
    invalid: string;
    takenHeading: string;
    taken: string;
    otherUserHeading: string;
    otherUser: string;
    /** A malformed new address, and the account's own address asked for. */
    badAddressHeading: string;
    badAddress: string;
    unchangedHeading: string;
    unchanged: string;
    /** The way forward from every page: back to the account page. */
    toAccount: string;
    /** The form for the emailed code, with codes on, in the browser that asked. */
    codeIntro: string;
    codeLabel: string;
    codeButton: string;
    /** A mistyped code: it may be tried again. */
    wrongCode: string;
    /** Sent to the new address: its link (and code) proves the user reads it. */
    proofMail: EmailTexts;
    /** Sent to the old address once the change is made: a notice, with a link to sign in and no way to undo. */
    changedMail: NoticeTexts;
    /** Sent to an address that has an account already, when another account asked for it: a notice, nothing changes. */
    takenMail: NoticeTexts;
  };
  /** The sign-in email. `expiry` is a relative time and a date, already in the language, e.g. "in 24 hours (…)". */
  email: EmailTexts;
}

/** The texts of an email the built-in senders render. `expiry` is a relative time and a date, already in the language. */
export interface EmailTexts {
  subject: (host: string) => string;
  heading: (host: string) => string;
  intro: string;
  button: string;
  linkIntro: string;
  codeIntro: string;
  linkExpires: (expiry: string) => string;
  linkAndCodeExpire: (expiry: string) => string;
  ignore: string;
}

/** A notice mail's texts: no code and nothing that expires; `note` stands where a link's expiry would. */
export interface NoticeTexts extends Omit<EmailTexts, "codeIntro" | "linkExpires" | "linkAndCodeExpire"> {
  note: string;
}
