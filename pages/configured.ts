import type { ResolvedConfig, Theme } from "../src/config/types.js";
import { ceremoniesOf } from "../src/flows/webauthn-ceremonies.js";
import type { WebAuthnProviderConfig } from "../src/providers/types.js";
import { cachedRender, type PageCache } from "./cache.js";
import { errorPageKey, signInErrorKey } from "./messages.js";
import type { SignInPageProvider } from "./props.js";
import { renderEmailConfirm, renderError, renderSignIn, renderSignOut, renderVerifyRequest, type PageResult } from "./render.js";

/*
 * The built-in pages of a resolved configuration. Each is rendered once per configuration and variant,
 * then every request only fills in its own values, escaped.
 */

const signInPages: PageCache = new WeakMap();
const signOutPages: PageCache = new WeakMap();
const errorPages: PageCache = new WeakMap();
const verifyRequestPages: PageCache = new WeakMap();
const emailConfirmPages: PageCache = new WeakMap();

function pageProviders(config: ResolvedConfig, baseUrl: string): SignInPageProvider[] {
  return config.providers.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    signinUrl: `${baseUrl}/signin/${p.id}`,
    callbackUrl: `${baseUrl}/callback/${p.id}`,
    style: "style" in p ? p.style : undefined,
    credentials: p.type === "credentials" ? p.credentials : p.type === "webauthn" ? p.formFields : undefined,
    enableConditionalUI: p.type === "webauthn" ? p.enableConditionalUI : undefined,
  }));
}

type SignInSlots = { baseUrl: string; csrfToken: string; callbackUrl: string; email?: string };

/** `error` is the `?error=` code, of which only the message table's text is shown. */
export async function signInPage(config: ResolvedConfig, error: string | undefined, slots: SignInSlots): Promise<PageResult> {
  const webauthn = config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn");
  const passkeyView = webauthn ? await ceremoniesOf(webauthn).view() : undefined;
  const errorKey = signInErrorKey(error);
  return cachedRender(signInPages, config, errorKey ?? "", slots, ({ baseUrl, csrfToken, callbackUrl, email }) =>
    renderSignIn(
      {
        theme: config.theme,
        csrfToken,
        callbackUrl,
        error: errorKey,
        email,
        providers: pageProviders(config, baseUrl),
        ...(webauthn
          ? { webauthnScriptUrl: `${baseUrl}/webauthn-script`, webauthnOptionsUrl: `${baseUrl}/webauthn-options/${webauthn.id}` }
          : {}),
      },
      passkeyView,
    ),
  );
}

type SignOutSlots = { csrfToken: string; url: string; callbackUrl: string };

export function signOutPage(config: ResolvedConfig, slots: SignOutSlots): PageResult {
  return cachedRender(signOutPages, config, "", slots, (markers) => renderSignOut({ theme: config.theme, ...markers }));
}

/** The configuration may be a stand-in with a theme only, for a request that failed before its configuration resolved. */
export function errorPage(config: { theme: Theme }, error: string | undefined, slots: { signinUrl?: string }): PageResult {
  const errorKey = errorPageKey(error);
  return cachedRender(errorPages, config, errorKey, slots, ({ signinUrl }) =>
    renderError({ theme: config.theme, error: errorKey, signinUrl }),
  );
}

type VerifyRequestSlots = { host: string; signinUrl: string; otpUrl?: string; email?: string; csrfToken?: string };

export function verifyRequestPage(config: ResolvedConfig, error: string | undefined, slots: VerifyRequestSlots): PageResult {
  const errorKey = signInErrorKey(error);
  return cachedRender(verifyRequestPages, config, errorKey ?? "", slots, (markers) =>
    renderVerifyRequest({ theme: config.theme, ...markers, error: errorKey }),
  );
}

type EmailConfirmSlots = { actionUrl: string; token: string; email: string; callbackUrl: string; csrfToken: string };

export function emailConfirmPage(config: ResolvedConfig, slots: EmailConfirmSlots): PageResult {
  return cachedRender(emailConfirmPages, config, "", slots, (markers) => renderEmailConfirm({ theme: config.theme, ...markers }));
}
