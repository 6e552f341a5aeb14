import type { ResolvedConfig, Runtime } from "../src/config/resolved-config.js";
import type { Theme } from "../src/config/theme-colors.js";
import { ceremoniesOf } from "../src/passkeys/webauthn-ceremonies.js";
import { monogram } from "../src/config/providers/logos.js";
import type { ParsedProvider, ProviderStyle, WebAuthnProviderConfig } from "../src/config/providers/provider-types.js";
import type { PasskeyView } from "../src/config/providers/provider-view.js";
import type {
  AccountSlots,
  ErrorSlots,
  SessionsSlots,
  SignInExpiredSlots,
  SignInSlots,
  SignOutSlots,
  VerifyRequestSlots,
} from "../src/http/page-description.js";
import { cachedRender, languagePage, pagesOf, perRequestPage, variant, whenReady, type PageRequest } from "./cache.js";
import type { TwoFactorPagesModule } from "../src/flows/two-factor-contract.js";
import { pageText, type LocaleSettings, type PageText } from "../src/messages/locale.js";
import { errorPageKey, signInErrorKey } from "./messages.js";
import type { SignInPageProvider } from "./props.js";
import {
  renderAccount,
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
    links:
      p.type === "credentials" && p.pageLinks
        ? { signUp: `${baseUrl}${p.pageLinks.signUp}`, forgot: `${baseUrl}${p.pageLinks.forgot}` }
        : undefined,
  }));
}

/** `error` is the `?error=` code, of which only the message table's text is shown. */
export function signInPage(
  config: ResolvedConfig,
  { request, nonce }: PageRequest,
  error: string | undefined,
  slots: SignInSlots,
): PageResult | Promise<PageResult> {
  const webauthn = config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn");
  const text = pageText(config, request);
  if (webauthn) {
    return Promise.all([text, ceremoniesOf(webauthn).view()]).then(([ready, passkeyView]) =>
      filledSignInPage(config, ready, error, slots, nonce, webauthn, passkeyView),
    );
  }
  return whenReady(text, (ready) => filledSignInPage(config, ready, error, slots, nonce));
}

function filledSignInPage(
  config: ResolvedConfig,
  text: PageText,
  error: string | undefined,
  slots: SignInSlots,
  nonce: string,
  webauthn?: WebAuthnProviderConfig,
  passkeyView?: PasskeyView,
): PageResult {
  const errorKey = signInErrorKey(error);
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
    nonce,
  );
}

export const signOutPage = languagePage<SignOutSlots>("signOut", renderSignOut);
export const signInExpiredPage = languagePage<SignInExpiredSlots>("signInExpired", renderSignInExpired);

/** The configuration may be a stand-in with a theme only, for a request that failed before its configuration resolved. */
export function errorPage(
  config: { theme: Theme; runtime?: Runtime } & LocaleSettings,
  { request, nonce }: PageRequest,
  error: string | undefined,
  slots: ErrorSlots,
): PageResult | Promise<PageResult> {
  const errorKey = errorPageKey(error);
  return whenReady(pageText(config, request), (text) =>
    cachedRender(
      pagesOf(config).error,
      config,
      variant(text, errorKey),
      slots,
      ({ signinUrl, developerHint }) => renderError({ theme: config.theme, text, error: errorKey, signinUrl, developerHint }),
      nonce,
    ),
  );
}

export function verifyRequestPage(
  config: ResolvedConfig,
  { request, nonce }: PageRequest,
  error: string | undefined,
  slots: VerifyRequestSlots,
  triesLeft?: number,
  confirms = false,
): PageResult | Promise<PageResult> {
  const errorKey = signInErrorKey(error);
  return whenReady(pageText(config, request), (text) =>
    cachedRender(
      pagesOf(config).verifyRequest,
      config,
      variant(text, `${errorKey}\n${triesLeft}\n${confirms}`),
      slots,
      (markers) => renderVerifyRequest({ theme: config.theme, text, ...markers, error: errorKey, triesLeft, confirms }),
      nonce,
    ),
  );
}

export const sessionsPage = perRequestPage((theme, text, slots: SessionsSlots) => renderSessions({ theme, text, ...slots }));

/** `section` is the second-factor feature's, when it is set: the page shows what it makes of the user's factors. */
export const accountPage = perRequestPage((theme, text, slots: AccountSlots, section?: TwoFactorPagesModule["accountSection"]) =>
  renderAccount({ theme, text, ...slots, factorsSection: section?.({ text, ...slots }) }),
);

/** One cached variant per step of the change and language. */
