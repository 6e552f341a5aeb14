// An app's auth.ts and route handlers that import every type next-auth v5 (next-auth, /jwt, /adapters,
// /providers/*, /react) and @auth/core (/types, /jwt, /adapters, /errors, /providers, /providers/oauth)
// export, with only the imports changed.
import NextAuth, {
  AuthError,
  CredentialsSignin,
  customFetch,
  type Account,
  type DefaultSession,
  type NextAuthConfig,
  type NextAuthRequest,
  type NextAuthResult,
  type Profile,
  type Session,
  type User,
} from "sekisho/next";
import type {
  AuthAction,
  AuthConfig,
  Authenticator,
  Awaitable,
  Awaited,
  CallbacksOptions,
  CookieOption,
  CookiesOptions,
  DefaultUser,
  ErrorPageParam,
  EventCallbacks,
  LoggerInstance,
  PagesOptions,
  ProviderId,
  PublicProvider,
  ResponseInternal,
  SemverString,
  SignInPageErrorParam,
  Theme,
  TokenSet,
  WarningCode,
  WebAuthnOptionsResponseBody,
} from "sekisho/types";
import { AccessDenied, InvalidCheck, MissingSecret, OAuthAccountNotLinked, Verification, skipCSRFCheck } from "sekisho";
import { decode, encode, getToken, type DefaultJWT, type GetTokenParams, type JWT, type JWTDecodeParams, type JWTEncodeParams, type JWTOptions } from "sekisho/jwt";
import {
  isDate,
  type Adapter,
  type AdapterAccount,
  type AdapterAccountType,
  type AdapterAuthenticator,
  type AdapterSession,
  type AdapterUser,
  type VerificationToken,
} from "sekisho/adapters";
import type {
  AccountCallback,
  AppProvider,
  AppProviders,
  BuiltInProviders,
  CommonProviderOptions,
  CredentialsConfig,
  CredentialsProviderId,
  EmailConfig,
  EmailProviderId,
  EmailProviderSendVerificationRequestParams,
  EmailProviderType,
  EmailUserConfig,
  OAuthChecks,
  OAuthEndpointType,
  OAuthProviderButtonStyles,
  OAuthProviderId,
  Provider,
  ProviderType,
  WebAuthnConfig,
} from "sekisho/providers";
import type { OAuth2Config, OAuthConfig, OAuthUserConfig, OIDCConfig, OIDCUserConfig, ProfileCallback } from "sekisho/providers/oauth";
import Credentials, { type CredentialInput } from "sekisho/providers/credentials";
import GitHub, { type GitHubProfile } from "sekisho/providers/github";
import GitLab, { type GitLabProfile } from "sekisho/providers/gitlab";
import Google, { type GoogleProfile } from "sekisho/providers/google";
import Passkey from "sekisho/providers/passkey";
import {
  DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION,
  DEFAULT_WEBAUTHN_TIMEOUT,
  type GetUserInfo,
  type RelayingParty,
  type WebAuthnProviderType,
} from "sekisho/providers/webauthn";
import Email, { type EmailConfig as EmailModuleConfig } from "sekisho/providers/email";
import ForwardEmail from "sekisho/providers/forwardemail";
import Mailgun from "sekisho/providers/mailgun";
import Loops, { type LoopsConfig, type LoopsUserConfig } from "sekisho/providers/loops";
import type { NodemailerConfig, NodemailerUserConfig } from "sekisho/providers/nodemailer";
import type { TiktokProfile } from "sekisho/providers/tiktok";
import type { VkProfile } from "sekisho/providers/vk";
import type { SpotifyImage } from "sekisho/providers/spotify";
import type { OsuUserCompact } from "sekisho/providers/osu";
import type { TraktUser } from "sekisho/providers/trakt";
import type { Owner, Person, User as NotionUser } from "sekisho/providers/notion";
import type { AppleNonConformUser } from "sekisho/providers/apple";
import type { BattleNetIssuer } from "sekisho/providers/battlenet";
import type { DuendeISUser } from "sekisho/providers/duende-identity-server6";
import type { OAuthNetSuiteOptions } from "sekisho/providers/netsuite";
import type { WikimediaGrant, WikimediaGroup, WikimediaRight } from "sekisho/providers/wikimedia";
import type { AgeRange, Birthday, DateTime, Gender } from "sekisho/providers/kakao";
import type {
  Achievement,
  Campus,
  CampusUser,
  CursusUser,
  ExpertisesUser,
  FortyTwoProfile,
  Image,
  LanguagesUser,
  ProjectUser,
  TitlesUser,
  UserData,
} from "sekisho/providers/42-school";
import type {
  ClientSafeProvider,
  SessionContextValue,
  SessionProviderProps,
  SignInAuthorizationParams,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UseSessionOptions,
} from "sekisho/react";

declare const adapter: Adapter;

/** A custom OAuth provider, typed as the reference's docs type one. */
function Acme(options: OAuthUserConfig<Profile & { acme_id: string }>): OAuthConfig<Profile & { acme_id: string }> {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    authorization: "https://acme.example/authorize?scope=profile",
    token: "https://acme.example/token",
    userinfo: "https://acme.example/me",
    profile: (profile) => ({ id: profile.acme_id, role: "member" }),
    options,
  };
}

export const config = {
  adapter,
  session: { strategy: "jwt" },
  providers: [
    GitHub({ profile: (profile: GitHubProfile) => ({ id: String(profile.id), role: profile.site_admin ? "admin" : "member" }) }),
    GitLab({ baseUrl: "https://git.example.org" }),
    Google,
    Passkey,
    Acme({ clientId: "acme" }),
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { type: "password" } },
      authorize: async (credentials) => {
        if (credentials.password !== "demo") throw new CredentialsSignin();
        return { id: "1", email: String(credentials.email), role: "member" };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user, account }) {
      if (user) token.role = user.role ?? "member";
      if (account?.access_token) token.accessToken = account.access_token;
      return token;
    },
    session({ session, token }) {
      session.user.role = token.role ?? "member";
      session.accessToken = token.accessToken;
      return session;
    },
  },
  experimental: { enableWebAuthn: true },
} satisfies NextAuthConfig;

export const { handlers, auth, signIn, signOut, unstable_update }: NextAuthResult = NextAuth(config);

/** A route handler that ends by redirecting: `signIn` then returns never, so the handler returns a Response. */
export async function GET(request: NextAuthRequest): Promise<Response> {
  const redirectTo = request.nextUrl.searchParams.get("redirectTo") ?? "/";
  if (request.auth) return Response.json({ role: request.auth.user.role });
  return signIn("guest", { redirect: true, redirectTo });
}

export async function POST(): Promise<Response> {
  const session = await auth();
  if (!session) return signOut({ redirectTo: "/" });
  const url: string = await signOut({ redirect: false });
  const next: string = await signIn("github", { redirect: false, redirectTo: "/" });
  return Response.json({ url, next, role: session.user.role });
}

/** A server action that signs in and never falls through. */
export async function signInAction(formData: FormData): Promise<void> {
  try {
    await signIn("credentials", formData);
  } catch (error) {
    if (error instanceof AuthError) throw new Error(error.type);
    throw error;
  }
}

/** The reference's jwt helpers, on a token with the augmented claims. */
export async function roundTrip(secret: string): Promise<JWT | null> {
  const token: DefaultJWT = { sub: "1", role: "admin" };
  const params: JWTEncodeParams = { token, secret, salt: "authjs.session-token" };
  const decodeParams: JWTDecodeParams = { token: await encode(params), secret, salt: "authjs.session-token" };
  const decoded = await decode(decodeParams);
  const role: "admin" | "member" | undefined = decoded?.role;
  return role ? decoded : null;
}

export async function tokenOf(req: Request): Promise<JWT | null> {
  const params: GetTokenParams = { req, secret: "s" };
  return getToken(params);
}

/** An adapter user with the augmented field. */
export function roleOf(user: AdapterUser): "admin" | "member" | undefined {
  return user.role;
}

/** Every other imported name is used in a type position, so that a missing one fails to compile. */
export type Everything = [
  Account, DefaultSession, Session, User, AuthAction, AuthConfig, Authenticator, Awaitable<1>, Awaited<Promise<1>>, CallbacksOptions,
  CookieOption, CookiesOptions, DefaultUser, ErrorPageParam, EventCallbacks, LoggerInstance, PagesOptions, ProviderId, PublicProvider,
  ResponseInternal, SemverString, SignInPageErrorParam, Theme, TokenSet, WarningCode, WebAuthnOptionsResponseBody, JWTOptions,
  AdapterAccount, AdapterAccountType, AdapterAuthenticator, AdapterSession, VerificationToken, AccountCallback, AppProvider, AppProviders,
  BuiltInProviders, CommonProviderOptions, CredentialsConfig, CredentialsProviderId, EmailConfig, EmailProviderId,
  EmailProviderSendVerificationRequestParams, EmailProviderType, EmailUserConfig, OAuthChecks, OAuthEndpointType,
  OAuthProviderButtonStyles, OAuthProviderId, Provider, ProviderType, WebAuthnConfig, OAuth2Config, OIDCConfig, OIDCUserConfig,
  ProfileCallback, CredentialInput, GitLabProfile, GoogleProfile, RelayingParty, WebAuthnProviderType, NodemailerConfig,
  NodemailerUserConfig, TiktokProfile, VkProfile, ClientSafeProvider, SessionContextValue, SessionProviderProps,
  SignInAuthorizationParams, SignInResponse, SignOutParams, SignOutResponse, UseSessionOptions, SpotifyImage, OsuUserCompact,
  TraktUser, Owner, Person, NotionUser, AppleNonConformUser, BattleNetIssuer, DuendeISUser, OAuthNetSuiteOptions, WikimediaGrant,
  WikimediaGroup, WikimediaRight, AgeRange, Birthday, DateTime, Gender, Image, UserData, Achievement, Campus, CampusUser, CursusUser,
  ExpertisesUser, FortyTwoProfile, LanguagesUser, ProjectUser, TitlesUser, GetUserInfo, EmailModuleConfig, LoopsConfig, LoopsUserConfig,
];

/** The email providers as the reference's docs configure them. */
export const emailProviders = [
  Email({ server: "smtp://user:pass@smtp.example.com:587", from: "login@example.com" }),
  ForwardEmail({ from: "login@example.com" }),
  Mailgun({ from: "login@mg.example.com", region: "EU" }),
  Loops({ transactionalId: "clx-signin" }),
];

/** A 42 profile's nested records, as an app reads them in the profile callback. */
export function cursusLevels(profile: FortyTwoProfile): number[] {
  return profile.cursus_users.map((cursus) => cursus.level);
}

export const values = [DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION, DEFAULT_WEBAUTHN_TIMEOUT, customFetch, skipCSRFCheck, isDate, AccessDenied, InvalidCheck, MissingSecret, OAuthAccountNotLinked, Verification];
