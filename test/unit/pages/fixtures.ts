import type { SignInPageProps, SignInPageProvider } from "../../../pages/index.js";

export const logo = "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=";

export const github: SignInPageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: "https://app.example/auth/signin/github",
  callbackUrl: "https://app.example/auth/callback/github",
  style: { logo, bg: "#24292f", text: "#fff" },
};

export const google: SignInPageProvider = {
  id: "google",
  name: "Google",
  type: "oidc",
  signinUrl: "https://app.example/auth/signin/google",
  callbackUrl: "https://app.example/auth/callback/google",
};

export const email: SignInPageProvider = {
  id: "resend",
  name: "Email",
  type: "email",
  signinUrl: "https://app.example/auth/signin/resend",
  callbackUrl: "https://app.example/auth/callback/resend",
};

export const credentials: SignInPageProvider = {
  id: "credentials",
  name: "Password",
  type: "credentials",
  signinUrl: "https://app.example/auth/signin/credentials",
  callbackUrl: "https://app.example/auth/callback/credentials",
  credentials: {
    username: { label: "Username", autocomplete: "username", required: true },
    password: { label: "Password", type: "password" },
  },
};

export const passkey: SignInPageProvider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  signinUrl: "https://app.example/auth/signin/passkey",
  callbackUrl: "https://app.example/auth/callback/passkey",
};

export function signInProps(overrides: Partial<SignInPageProps> = {}): SignInPageProps {
  return {
    theme: {},
    csrfToken: "csrf-token-value",
    callbackUrl: "https://app.example/dashboard",
    providers: [github, google, email, credentials],
    ...overrides,
  };
}

export const xss = "<script>alert(1)</script>";
export const attributeBreakout = '"><script>alert(2)</script>';
export const hostileBrand = "red;}</style><script>alert(3)</script>";
