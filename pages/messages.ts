/**
 * Every text shown by the built-in pages, in one table so it can be translated.
 * A translation supplies an object of the same `Messages` shape.
 */

interface ErrorPageText {
  title: string;
  message: string;
  /** Where the page's way back leads: the sign-in page, or the site's home page when sign-in cannot work. */
  back: "signIn" | "home";
}

export const messages = {
  common: {
    or: "or",
    emailLabel: "Email",
    emailPlaceholder: "email@example.com",
    signInWith: (name: string) => `Sign in with ${name}`,
    backToSignIn: "Back to sign in",
    backHome: "Go to the home page",
  },
  signIn: {
    title: "Sign in",
    heading: "Sign in",
    passkeyButton: "Sign in with a passkey",
    passkeyFailed: "The passkey could not be used. Try again or use another way to sign in.",
    /** Texts for `?error=` codes on the sign-in page; `default` covers any other code. */
    errors: {
      OAuthSignin: "Signing in with that provider could not be started. Try again, or use another way to sign in.",
      OAuthCallbackError: "The sign-in provider returned an error. Try again, or use another way to sign in.",
      OAuthCreateAccount: "An account could not be created with that provider. Try another way to sign in.",
      EmailCreateAccount: "An account could not be created for that email address. Try another way to sign in.",
      Callback: "Something went wrong while finishing sign-in. Try again.",
      OAuthAccountNotLinked:
        "This email address is already used with another sign-in method. To confirm who you are, sign in the way you did before.",
      EmailSignin: "The sign-in email could not be sent. Check the address and try again.",
      EmailSignInError: "The sign-in email could not be sent. Check the address and try again.",
      CredentialsSignin: "Sign-in failed. Check the details you entered and try again.",
      SessionRequired: "Sign in to see this page.",
      MissingCSRF: "This form has expired. Reload the page and try again.",
      Verification: "The sign-in link or code is invalid or has expired. Ask for a new one.",
      WebAuthnVerificationError: "The passkey could not be verified. Try again, or use another way to sign in.",
      RateLimited: "Too many attempts. Wait a few minutes, then try again.",
      default: "Sign-in did not work. Try again, or use another way to sign in.",
    } as Record<string, string> & { default: string },
  },
  signOut: {
    title: "Sign out",
    heading: "Sign out",
    question: "Are you sure you want to sign out?",
    button: "Sign out",
  },
  error: {
    title: (heading: string) => `Error: ${heading}`,
    /** Title and message per `?error=` code on the error page; `default` covers any other code. */
    codes: {
      Configuration: {
        title: "Server error",
        message: "The server is not set up correctly. If you run this site, the server logs have the details.",
        back: "home",
      },
      AccessDenied: {
        title: "Access denied",
        message: "You do not have permission to sign in.",
        back: "signIn",
      },
      Verification: {
        title: "Link no longer valid",
        message: "The sign-in link may have been used already, or it has expired. Ask for a new one.",
        back: "signIn",
      },
      InvalidRequest: {
        title: "Invalid request",
        message: "This address is not one the sign-in pages can use. Go back to the site and try again.",
        back: "signIn",
      },
      default: {
        title: "Something went wrong",
        message: "Signing in could not be completed. Try again.",
        back: "signIn",
      },
    } as Record<string, ErrorPageText> & { default: ErrorPageText },
  },
  verifyRequest: {
    title: "Check your email",
    heading: "Check your email",
    sent: (host: string) => `A sign-in link has been sent to your email address. Open it to sign in to ${host}.`,
    codeIntro: "Enter the code from the email.",
    codeLabel: "Code",
    codeButton: "Sign in with code",
  },
  emailConfirm: {
    title: "Confirm sign-in",
    heading: "Confirm sign-in",
    question: (email: string) => `Sign in as ${email}?`,
    explanation: "This step keeps automatic link checkers from using your sign-in link.",
    button: "Confirm sign-in",
  },
};

export type Messages = typeof messages;

function own<T>(table: Record<string, T>, code: string | undefined): T | undefined {
  return code !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** The sign-in page text for an `?error=` code. Unknown codes get the default text, never the code itself. */
export function signInErrorText(code: string): string {
  const table = messages.signIn.errors;
  return own(table, code) ?? table.default;
}

/** The error page's title and message for a code. */
export function errorPageText(code: string | undefined): ErrorPageText {
  const table = messages.error.codes;
  return own(table, code) ?? table.default;
}

/** The sign-in error table's key for a code ("default" for a code it lacks); undefined when there is no error. */
export function signInErrorKey(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return own(messages.signIn.errors, code) ? code : "default";
}

/** The error page table's key for a code: the code, or "default" for a code it lacks. */
export function errorPageKey(code: string | undefined): string {
  return code !== undefined && own(messages.error.codes, code) ? code : "default";
}
