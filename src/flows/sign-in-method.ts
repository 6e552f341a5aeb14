import type { AuthContext } from "../http/context.js";
import { InvalidProvider } from "../errors.js";
import type { Outcome } from "../http/outcome.js";
import type { MethodPageDescription, MethodPageName } from "../http/page-description.js";
import {
  signInMethod,
  type ParsedProvider,
  type ParsedProviderOf,
  type SignInMethodRef,
  type WebAuthnProviderConfig,
} from "../config/providers/provider-types.js";
import type { PasskeyView } from "../config/providers/provider-view.js";
import type { ProviderType } from "../shared-types.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { Flow } from "./flow.js";
import type { RpLogout } from "../logout/rp-logout.js";

/**
 * The routes a method may serve besides its sign-in, under basePath: the Password provider's sign-up, reset and
 * change; the email method's change of the account's address.
 */
export const methodRoutes = [
  "GET /signup/:provider",
  "POST /signup/:provider",
  "GET /password/verify",
  "POST /password/verify",
  "GET /password/forgot",
  "POST /password/forgot",
  "GET /password/reset",
  "POST /password/reset",
  "GET /password/change",
  "POST /password/change",
  "GET /password/passkey-offer",
  "POST /password/passkey-offer",
  "POST /account/email",
  "GET /account/email/confirm",
  "POST /account/email/confirm",
] as const;

export type MethodRoute = (typeof methodRoutes)[number];

/** A module of a method's pages: it renders the descriptions of its pages. */
export interface MethodPagesModule {
  render(
    config: ResolvedConfig,
    at: { request: Request; nonce: string },
    page: MethodPageDescription,
  ): { html: string; status: number } | Promise<{ html: string; status: number }>;
}

/** The pages a method's routes describe, and the import of the module that renders them. */
export interface MethodPages {
  names: readonly MethodPageName[];
  load(): Promise<MethodPagesModule>;
}

/** The "check your email" page's form for an emailed code. */
export interface CodeForm {
  url: string;
  signsIn: boolean;
}

/** What every sign-in method brings: its start-up check, its flow, and OpenID Connect's logouts. */
interface MethodFlow<T extends ProviderType> extends SignInMethodRef<T>, Flow<ParsedProviderOf<T>> {
  /** The method's own routes beyond sign-in (`methodRoutes`); an app whose providers bring none has none of them. */
  routes?: Partial<Record<MethodRoute, (ctx: AuthContext, provider: ParsedProviderOf<T>) => Promise<Outcome>>>;
  /**
   * Where the "check your email" page (`GET /verify-request`, told this provider and its own query) posts the
   * emailed one-time code, when the mail it stands for carries one, and whether the code signs in (an email
   * sign-in) or only proves the address (a sign-up).
   */
  codeForm?(ctx: AuthContext, provider: ParsedProviderOf<T>): CodeForm | undefined;
  /** The pages only this method shows, which its provider module brings (only the app layer's sender renders them). */
  pages?: MethodPages;
  /** `POST /backchannel-logout/:id`: the provider's server ends sessions (OpenID Connect). */
  backchannelLogout?(ctx: AuthContext, provider: ParsedProviderOf<T>): Promise<Outcome>;
  /** RP-initiated logout: the ID token a sign-in keeps, and the provider's end-session redirect (OpenID Connect). */
  rpLogout?: RpLogout;
}

/**
 * The WebAuthn method's ceremonies. The provider modules bring them, so the core never imports
 * @simplewebauthn/server and apps without WebAuthn never load it.
 */
interface WebAuthnCeremonies {
  /** `GET /webauthn-options/:id`: `{action, options}`, with the challenge cookie set. */
  options(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<Outcome>;
  /** `POST /callback/:id`: verify a registration or an authentication and finish sign-in. */
  callback(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<Outcome>;
  /** `GET /webauthn-script`: the browser helper, cacheable for a year. */
  script(ctx: AuthContext): Promise<Outcome>;
  /** The passkey parts of the built-in sign-in page, so that only apps with passkeys carry them. */
  view(): Promise<PasskeyView>;
  /** A passkey as the second factor of a held sign-in: its options for one user, and whose passkey answered. */
  secondFactor: {
    options(ctx: AuthContext, provider: WebAuthnProviderConfig, userId: string): Promise<Outcome>;
    verify(ctx: AuthContext, provider: WebAuthnProviderConfig, data: unknown): Promise<{ userId: string }>;
  };
}

/** What a method of a provider type brings besides its flow. */
interface MethodParts {
  webauthn: WebAuthnCeremonies;
}

/**
 * A sign-in method, as its provider module brings it: the flow that starts and completes a sign-in, and the
 * routes and page parts only this method serves. Only the modules of the configured providers import their
 * method, so an app carries no flow it does not use.
 */
export type SignInMethod<T extends ProviderType = ProviderType> = MethodFlow<T> &
  (T extends keyof MethodParts ? MethodParts[T] : unknown);

/**
 * The provider modules attach a method of the flows layer, which the configuration sees as a `SignInMethodRef`:
 * its `type` is what says which providers it serves.
 */
function serves<T extends ProviderType>(method: SignInMethodRef | undefined, type: T): method is SignInMethod<T> {
  return method?.type === type;
}

/**
 * The method the configuration gave a provider (see config/providers/attach-method.ts), typed for the provider's type, so its
 * flow only takes providers of that type; none on a provider made up by hand.
 */
export function methodOf<P extends ParsedProvider>(provider: P): SignInMethod<P["type"]> | undefined {
  const method = provider[signInMethod];
  return serves<P["type"]>(method, provider.type) ? method : undefined;
}

/** RP-initiated logout, when a configured provider's method brings it (an OIDC provider). */
export function rpLogoutOf(config: ResolvedConfig): RpLogout | undefined {
  for (const provider of config.providers) {
    const part = methodOf(provider)?.rpLogout;
    if (part) return part;
  }
  return undefined;
}

/** The pages of the configured method that shows the page `name`, if any. */
export function methodPagesOf(config: ResolvedConfig, name: MethodPageName): MethodPages | undefined {
  for (const provider of config.providers) {
    const pages = methodOf(provider)?.pages;
    if (pages?.names.includes(name)) return pages;
  }
  return undefined;
}

/** The flow of the provider's sign-in method. */
export function flowFor<P extends ParsedProvider>(provider: P): Flow<ParsedProviderOf<P["type"]>> {
  return methodOf(provider) ?? {};
}

/** The configured provider a route names, or InvalidProvider. */
export function findProvider(ctx: AuthContext, id: string | undefined): ParsedProvider {
  const provider = id ? ctx.config.providers.find((p) => p.id === id) : undefined;
  if (!provider) throw new InvalidProvider(`There is no provider with id "${String(id).slice(0, 64)}".`);
  return provider;
}
