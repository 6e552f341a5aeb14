import type { AdapterMethod } from "../../adapters/adapter-contract.js";
import type { Messages } from "../../messages/message-types.js";
import type { Account, Awaitable, Profile, ProviderType, TokenSet, User } from "../../shared-types.js";
import type { RateLimitRule } from "../../rate-limit/rate-limit-options.js";
import type { Theme } from "../theme-colors.js";
import type { CredentialInput } from "./provider-view.js";

export type { CredentialInput };

/** The symbol an OAuth/OIDC provider sets to route every request to the provider through its own fetch. */
export const customFetch: unique symbol = Symbol.for("sekisho.customFetch");

export type EndpointRequest<P> = (context: { tokens: TokenSet; provider: P }) => Awaitable<Profile>;

export interface EndpointConfig {
  url?: string;
  params?: Record<string, string | undefined>;
}

export type Endpoint = string | EndpointConfig;

export interface UserinfoEndpoint extends EndpointConfig {
  request?: EndpointRequest<OAuthProviderConfig>;
}

export type Check = "pkce" | "state" | "nonce" | "none";

export interface ProviderStyle {
  logo?: string;
  bg?: string;
  text?: string;
  brandColor?: string;
}

/**
 * Where a provider module puts the sign-in method of its type (see flows/sign-in-method.ts): the flow, and the routes
 * and page parts that only this method needs. The core carries no method but OAuth's, so an app carries only
 * the methods of the providers it configures.
 */
export const signInMethod: unique symbol = Symbol.for("sekisho.signInMethod");

/** What a sign-in method's start-up check reads of the configuration. */
export interface MethodCheckConfig {
  providers: readonly ParsedProvider[];
  experimental: { enableWebAuthn: boolean };
}

/** What a request counts under: the rule, and the identifier it names, as sent (a string, else refused). */
export interface CountedRequest {
  rule: RateLimitRule;
  identifier?: unknown;
}

/** The parts of a request a method reads to name what it counts. */
export interface RequestInput {
  body: Record<string, unknown>;
  query: Record<string, string | undefined>;
}

/**
 * What a method's requests count under for rate limits, by step, before the flow runs; a step it leaves out is
 * not counted there. Each rule's limits are options (`rateLimit.limits`); the counting is the core's.
 */
export interface RequestCounts<P> {
  signin?(request: RequestInput, provider: P): CountedRequest | undefined;
  callback?(request: RequestInput, provider: P): CountedRequest | undefined;
  options?(request: RequestInput, provider: P): CountedRequest | undefined;
}

/** Where a route is in a provider's flow: `POST /signin/:id`, `/callback/:id`, `GET /webauthn-options/:id`. */
export type Step = keyof RequestCounts<unknown>;

/**
 * What the configuration knows of a sign-in method: the provider type it serves, the start-up check of such a
 * provider (throws the first mistake, naming the option and the fix), the adapter methods it calls and what its
 * requests count under for rate limits. The flows layer holds the rest.
 */
export interface SignInMethodRef<T extends ProviderType = ProviderType> {
  readonly type: T;
  check?(provider: ParsedProviderOf<T>, where: string, config: MethodCheckConfig): void;
  readonly adapterMethods?: readonly AdapterMethod[];
  readonly rateLimits?: RequestCounts<ParsedProviderOf<T>>;
  /** The method keeps its users in the adapter itself (the Password provider): no `authorize` returns them. */
  readonly ownsUsers?: boolean;
}

/** Sign-in methods by provider type: those an instance gives providers written as plain objects. */
export type SignInMethods = { readonly [T in ProviderType]?: SignInMethodRef<T> };

interface CommonProviderConfig {
  id: string;
  name: string;
  type: ProviderType;
  [signInMethod]?: SignInMethodRef;
}

export interface OAuthProviderConfig<P = Profile> extends CommonProviderConfig {
  type: "oauth" | "oidc";
  issuer?: string;
  wellKnown?: string;
  authorization?: Endpoint;
  token?: Endpoint & { conform?: (response: Response) => Awaitable<Response | undefined> };
  userinfo?: string | UserinfoEndpoint;
  jwks_endpoint?: string;
  /**
   * A method, so that its parameter is compared both ways: the providers' union holds `OAuthProviderConfig<never>`
   * (a provider of any profile type) and parsing gives it the `Profile` type, for sekisho hands it the provider's
   * answer as sent, unchecked against `P`.
   */
  profile?(profile: P, tokens: TokenSet): Awaitable<User>;
  account?: (tokens: TokenSet) => Awaitable<Partial<Account> | undefined> | Awaitable<void>;
  checks?: Check[];
  clientId?: string;
  clientSecret?: string;
  client?: {
    token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
    id_token_signed_response_alg?: string;
    [key: string]: unknown;
  };
  idToken?: boolean;
  style?: ProviderStyle;
  allowDangerousEmailAccountLinking?: boolean;
  redirectProxyUrl?: string;
  /** Seconds before a request to the provider is abandoned. Default 10. */
  timeout?: number;
  /**
   * OIDC only: signing out also ends the session at the provider, through the `end_session_endpoint` of its
   * discovery document (RP-initiated logout). The ID token is kept for the logout's `id_token_hint`.
   */
  endSession?: boolean;
  /**
   * jwt strategy: keep this provider's access and refresh tokens in the encrypted session (the `providerTokens`
   * claim), for `auth.getAccessToken`. Off by default: it grows the cookie. The database strategy keeps them in
   * the account row regardless.
   */
  storeTokensInSession?: boolean;
  /**
   * Seconds before its expiry at which `auth.getAccessToken` refreshes an access token. Default 60. For a
   * token whose time of issue sekisho recorded, the margin is at most half the token's lifetime, so a
   * short-lived token is used for its first half before it is refreshed.
   */
  accessTokenSkew?: number;
  [customFetch]?: typeof fetch;
  options?: Partial<OAuthProviderConfig<P>>;
}

export interface EmailVerificationRequest {
  identifier: string;
  url: string;
  expires: Date;
  provider: EmailProviderConfig;
  token: string;
  /** A short one-time code next to the link, when the provider enables `otp`. */
  otp?: string;
  theme: Theme;
  request: Request;
  /** The language the email should be in, chosen like the pages' (the `locale` option, else Accept-Language). */
  locale?: string;
  /** The texts of that language, the `messages` option's overrides included. */
  messages?: Messages;
  /**
   * Why the mail is sent, when it is not a sign-in: `"emailChange"` proves a new address (its `url`, and `otp` when
   * codes are on, confirm the change); `"emailChanged"` tells the previous address that the account moved away from
   * it, and `"emailTaken"` tells an address's owner that another account asked for it. The two notices carry no
   * token: their `url` is the sign-in page and `token` is empty. `messages.email` holds the texts for the purpose,
   * so the built-in senders need nothing else.
   * @default undefined (a sign-in link)
   * @example
   * ```ts
   * sendVerificationRequest: ({ identifier, url, purpose }) => mailer.send(identifier, purpose ?? "signIn", url)
   * ```
   */
  purpose?: "emailChange" | "emailChanged" | "emailTaken";
}

export interface EmailProviderConfig extends CommonProviderConfig {
  type: "email";
  from?: string;
  server?: unknown;
  maxAge?: number;
  apiKey?: string;
  sendVerificationRequest: (params: EmailVerificationRequest) => Awaitable<void>;
  generateVerificationToken?: () => Awaitable<string>;
  normalizeIdentifier?: (identifier: string) => string;
  secret?: string;
  /**
   * Scanner-safe links: the emailed link opens a page with a "Sign in" button, and only that button's POST (with
   * the CSRF token) uses the link. Mail scanners and link previews that fetch the link then leave it working.
   * @default false
   * @example Nodemailer({ server: process.env.EMAIL_SERVER, from: "auth@example.com", confirm: true })
   */
  confirm?: boolean;
  /**
   * Also email a one-time code, for reading the mail on another device: `length` digits (6 to 10, default 6),
   * typed into the browser that asked for it, at most `maxAttempts` wrong tries (default 5).
   * @default false
   * @example Nodemailer({ server: process.env.EMAIL_SERVER, from: "auth@example.com", otp: { length: 8 } })
   */
  otp?: boolean | { length?: number; maxAttempts?: number };
  allowDangerousEmailAccountLinking?: boolean;
  /** Routes the sender's HTTP requests through this fetch (tests, proxies). */
  [customFetch]?: typeof fetch;
  options?: Partial<EmailProviderConfig>;
}

export interface CredentialsProviderConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>
  extends CommonProviderConfig {
  type: "credentials";
  credentials: C;
  authorize: (credentials: Partial<Record<keyof C, unknown>>, request: Request) => Awaitable<User | null>;
  /** Pages the built-in sign-in form links to, under basePath (the Password provider's sign-up and forgot pages). */
  pageLinks?: { signUp: string; forgot: string };
  options?: Partial<CredentialsProviderConfig<C>>;
}

export interface WebAuthnProviderConfig extends CommonProviderConfig {
  type: "webauthn";
  relayingParty?: { id?: string | string[]; name?: string | string[]; origin?: string | string[] };
  relyingParty?: { id?: string | string[]; name?: string | string[]; origin?: string | string[] };
  enableConditionalUI?: boolean;
  formFields?: Record<string, CredentialInput>;
  authenticationOptions?: Record<string, unknown>;
  registrationOptions?: Record<string, unknown>;
  verifyAuthenticationOptions?: Record<string, unknown>;
  verifyRegistrationOptions?: Record<string, unknown>;
  options?: Partial<WebAuthnProviderConfig>;
}

/** A provider's own userinfo request, which replaces the GET to its userinfo endpoint. */
export type UserinfoRequest = NonNullable<UserinfoEndpoint["request"]>;

/** An OAuth/OIDC provider after defaults and overrides (parse.ts): every endpoint is `{url?, params}`. */
export interface ParsedOAuthProvider extends OAuthProviderConfig {
  authorization: EndpointConfig & { params: Record<string, string | undefined> };
  token: EndpointConfig & {
    params: Record<string, string | undefined>;
    conform?: (response: Response) => Response | undefined | PromiseLike<Response | undefined>;
  };
  userinfo: EndpointConfig & { params: Record<string, string | undefined>; request?: UserinfoRequest };
  checks: NonNullable<OAuthProviderConfig["checks"]>;
  profile: NonNullable<OAuthProviderConfig["profile"]>;
  account: NonNullable<OAuthProviderConfig["account"]>;
}

/** Each provider type's shape after parsing (parse.ts): defaults merged, endpoints resolved. */
export interface ParsedProviders {
  oauth: ParsedOAuthProvider;
  oidc: ParsedOAuthProvider;
  email: EmailProviderConfig;
  credentials: CredentialsProviderConfig;
  webauthn: WebAuthnProviderConfig;
}

/** A parsed provider of type `T`; `ParsedProvider` is the union, discriminated by `type`, that `ResolvedConfig` carries. */
export type ParsedProviderOf<T extends ProviderType> = ParsedProviders[T];
export type ParsedProvider = ParsedProviderOf<ProviderType>;

export type ProviderConfig =
  | OAuthProviderConfig<never>
  | EmailProviderConfig
  | CredentialsProviderConfig
  | WebAuthnProviderConfig;

/**
 * What sekisho calls a provider function with, from the `AUTH_{ID}_*` variables (`AUTH_GITHUB_ID`, ...). The
 * common fields are named too, so that every provider function's options type shares a field with it.
 */
export interface EnvProviderOptions {
  id?: string;
  name?: string;
  clientId?: string;
  clientSecret?: string;
  issuer?: string;
  apiKey?: string;
}

/**
 * What `providers: [...]` accepts: a config object, or a provider function, called with no overrides or with
 * those the environment gives.
 */
export type Provider = ProviderConfig | ((options?: EnvProviderOptions) => ProviderConfig);
