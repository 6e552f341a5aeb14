import type { ResolvedConfig, Runtime, Theme } from "../src/config/types.js";
import { ceremoniesOf } from "../src/flows/webauthn-ceremonies.js";
import { monogram } from "../src/config/providers/logos.js";
import type { ParsedProvider, ProviderStyle, WebAuthnProviderConfig } from "../src/config/providers/types.js";
import type {
  EmailConfirmSlots,
  ErrorSlots,
  SessionsSlots,
  SignInExpiredSlots,
  SignInSlots,
  SignOutSlots,
  VerifyRequestSlots,
} from "../src/http/page-description.js";
import { cachedRender, type PageCache } from "./cache.js";
import { pageText, type LocaleSettings, type PageText } from "../src/messages/locale.js";
import { errorPageKey, signInErrorKey } from "./messages.js";
import type { SignInPageProvider } from "./props.js";
import {
  renderEmailConfirm,
  renderError,
  renderSessions,
  renderSignIn,
  renderSignInExpired,
  renderSignOut,
  renderVerifyRequest,
  type PageResult,
} from "./render.js";
import { defaultBrandColor } from "./theme.js";

/*
 * The built-in pages of a resolved configuration. Each is rendered once per configuration, language and
 * variant, then every request only fills in its own values, escaped.
 */

interface RenderedPages {
  signIn: PageCache;
  signOut: PageCache;
  error: PageCache;
  verifyRequest: PageCache;
  emailConfirm: PageCache;
  signInExpired: PageCache;
}

const renderedPages = Symbol("sekisho.renderedPages");
const emptyPages = (): RenderedPages => ({
  signIn: new WeakMap(),
  signOut: new WeakMap(),
  error: new WeakMap(),
  verifyRequest: new WeakMap(),
  emailConfirm: new WeakMap(),
  signInExpired: new WeakMap(),
});

/** The pages the configuration's instance has rendered; a stand-in configuration keeps none. */
function pagesOf(config: { runtime?: Runtime }): RenderedPages {
  return config.runtime ? config.runtime.memo(renderedPages, emptyPages) : emptyPages();
}

/** A provider's button style; one without a logo of its own gets its initial on the brand colour. */
function buttonStyle(provider: ParsedProvider, brandColor: string): ProviderStyle | undefined {
  const style = "style" in provider ? provider.style : undefined;
  if (provider.type !== "oauth" && provider.type !== "oidc") return style;
  if (style?.logo) return style;
  const initial = [...provider.name.trim()][0]?.toUpperCase() ?? "?";
  return { ...style, logo: monogram(initial, style?.bg ?? style?.brandColor ?? brandColor) };
}

function pageProviders(config: ResolvedConfig, baseUrl: string): SignInPageProvider[] {
  return config.providers.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    signinUrl: `${baseUrl}/signin/${p.id}`,
    callbackUrl: `${baseUrl}/callback/${p.id}`,
    style: buttonStyle(p, config.theme.brandColor ?? defaultBrandColor),
    credentials: p.type === "credentials" ? p.credentials : p.type === "webauthn" ? p.formFields : undefined,
    enableConditionalUI: p.type === "webauthn" ? p.enableConditionalUI : undefined,
  }));
}

/** The cache variant: the language, then whatever else the page shows. */
function variant(text: PageText, key = ""): string {
  return `${text.lang}\n${key}`;
}

/** `error` is the `?error=` code, of which only the message table's text is shown. */
export async function signInPage(
  config: ResolvedConfig,
  request: Request,
  error: string | undefined,
  slots: SignInSlots,
): Promise<PageResult> {
  const webauthn = config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn");
  const passkeyView = webauthn ? await ceremoniesOf(webauthn).view() : undefined;
  const errorKey = signInErrorKey(error);
  const text = await pageText(config, request);
  // Without a brandName, the page names the site by its host.
  const host = config.theme.brandName ? undefined : new URL(slots.baseUrl).host;
  return cachedRender(
    pagesOf(config).signIn,
    config,
    variant(text, errorKey),
    { ...slots, host },
    ({ baseUrl, csrfToken, callbackUrl, email, host }) =>
      renderSignIn(
        {
          theme: config.theme,
          text,
          csrfToken,
          callbackUrl,
          error: errorKey,
          email,
          host,
          providers: pageProviders(config, baseUrl),
          scriptUrl: `${baseUrl}/signin-script`,
          ...(webauthn
            ? {
                webauthnScriptUrl: `${baseUrl}/webauthn-script`,
                webauthnOptionsUrl: `${baseUrl}/webauthn-options/${webauthn.id}`,
              }
            : {}),
        },
        passkeyView,
      ),
  );
}

export async function signOutPage(config: ResolvedConfig, request: Request, slots: SignOutSlots): Promise<PageResult> {
  const text = await pageText(config, request);
  return cachedRender(pagesOf(config).signOut, config, variant(text), slots, (markers) =>
    renderSignOut({ theme: config.theme, text, ...markers }),
  );
}

/** The configuration may be a stand-in with a theme only, for a request that failed before its configuration resolved. */
export async function errorPage(
  config: { theme: Theme; runtime?: Runtime } & LocaleSettings,
  request: Request,
  error: string | undefined,
  slots: ErrorSlots,
): Promise<PageResult> {
  const errorKey = errorPageKey(error);
  const text = await pageText(config, request);
  return cachedRender(pagesOf(config).error, config, variant(text, errorKey), slots, ({ signinUrl, developerHint }) =>
    renderError({ theme: config.theme, text, error: errorKey, signinUrl, developerHint }),
  );
}

export async function verifyRequestPage(
  config: ResolvedConfig,
  request: Request,
  error: string | undefined,
  slots: VerifyRequestSlots,
  triesLeft?: number,
): Promise<PageResult> {
  const errorKey = signInErrorKey(error);
  const text = await pageText(config, request);
  return cachedRender(pagesOf(config).verifyRequest, config, variant(text, `${errorKey}\n${triesLeft}`), slots, (markers) =>
    renderVerifyRequest({ theme: config.theme, text, ...markers, error: errorKey, triesLeft }),
  );
}

export async function emailConfirmPage(config: ResolvedConfig, request: Request, slots: EmailConfirmSlots): Promise<PageResult> {
  const text = await pageText(config, request);
  return cachedRender(pagesOf(config).emailConfirm, config, variant(text), slots, (markers) =>
    renderEmailConfirm({ theme: config.theme, text, ...markers }),
  );
}

export async function signInExpiredPage(
  config: ResolvedConfig,
  request: Request,
  slots: SignInExpiredSlots,
): Promise<PageResult> {
  const text = await pageText(config, request);
  return cachedRender(pagesOf(config).signInExpired, config, variant(text), slots, (markers) =>
    renderSignInExpired({ theme: config.theme, text, ...markers }),
  );
}

/** The session list differs per user, so it is rendered for each request rather than cached. */
export async function sessionsPage(config: ResolvedConfig, request: Request, slots: SessionsSlots): Promise<PageResult> {
  return renderSessions({ theme: config.theme, text: await pageText(config, request), ...slots });
}
