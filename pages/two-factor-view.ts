import type { ResolvedConfig } from "../src/config/resolved-config.js";
import type { PasskeyView } from "../src/config/providers/provider-view.js";
import type { WebAuthnProviderConfig } from "../src/config/providers/provider-types.js";
import { ceremoniesOf } from "../src/passkeys/webauthn-ceremonies.js";
import type { AccountSectionProps, TwoFactorPageDescription } from "../src/flows/two-factor-contract.js";
import type { BackupCodesSlots, TotpEnrollmentError, TotpEnrollmentSlots, TwoFactorSlots } from "../src/http/page-description.js";
import { pageText, type PageText } from "../src/messages/locale.js";
import { FactorsSection } from "./account-factors.js";
import { BackupCodesPage } from "./backup-codes-page.js";
import { cachedRender, pagesOf, perRequestPage, variant, whenReady, type PageRequest } from "./cache.js";
import type { BackupCodesPageProps, TotpEnrollmentPageProps, TwoFactorPageProps } from "./props.js";
import { texted, toHtml, toMarkup, type PageResult } from "./render.js";
import { withScriptNonces } from "./template.js";
import { TotpEnrollmentPage } from "./totp-enrollment-page.js";
import { TwoFactorPage } from "./two-factor-page.js";

/*
 * The second-factor feature's pages (the step of a held sign-in, turning on an authenticator app, backup codes).
 * The feature's module brings this module (src/two-factor/index.ts), so that only apps with second factors carry them.
 */

/** 401 after a refused code, as a wrong password answers; 200 otherwise. */
function renderTwoFactor(props: TwoFactorPageProps): PageResult {
  return { html: toHtml(TwoFactorPage(texted(props))), status: props.error ? 401 : 200 };
}

/** 400 for a mistyped address or code, or a link that no longer works, 409 for an address taken meanwhile, 403 in another account's browser. */
const enrollmentStatus = { TwoFactorCodeInvalid: 401, NoEnrollment: 404, TwoFactorAlreadyOn: 409 } as const;

/** 401 after a refused first code, 404 when no setup waits any more, 409 when TOTP is on already; 200 otherwise. */
function renderTotpEnrollment(props: TotpEnrollmentPageProps): PageResult {
  const status = props.error ? enrollmentStatus[props.error] : 200;
  return { html: toHtml(TotpEnrollmentPage(texted(props))), status };
}

function renderBackupCodes(props: BackupCodesPageProps): PageResult {
  return { html: toHtml(BackupCodesPage(texted(props))), status: 200 };
}

/** `error` set after a refused first code, or when the setup is gone. */
export const totpEnrollmentPage = perRequestPage(
  (theme, text, error: TotpEnrollmentError | undefined, slots: TotpEnrollmentSlots) =>
    renderTotpEnrollment({ theme, text, ...slots, error }),
);

export const backupCodesPage = perRequestPage((theme, text, slots: BackupCodesSlots) =>
  renderBackupCodes({ theme, text, ...slots }),
);

/**
 * `error` set after a refused code; a passkey is offered when the slots carry its options URL, and only a passkey
 * when `passkeyOnly`.
 */
export function twoFactorPage(
  config: ResolvedConfig,
  { request, nonce }: PageRequest,
  error: "TwoFactorCodeInvalid" | undefined,
  slots: TwoFactorSlots,
  passkeyOnly = false,
): PageResult | Promise<PageResult> {
  const webauthn = config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn");
  const text = pageText(config, request);
  const shown = { error, passkeyOnly };
  if (webauthn && slots.passkeyOptionsUrl) {
    return Promise.all([text, ceremoniesOf(webauthn).view()]).then(([ready, view]) =>
      filledTwoFactorPage(config, ready, shown, slots, nonce, { view, providerId: webauthn.id }),
    );
  }
  return whenReady(text, (ready) => filledTwoFactorPage(config, ready, shown, slots, nonce));
}

function filledTwoFactorPage(
  config: ResolvedConfig,
  text: PageText,
  { error, passkeyOnly }: { error: "TwoFactorCodeInvalid" | undefined; passkeyOnly: boolean },
  slots: TwoFactorSlots,
  nonce: string,
  passkey?: { view: PasskeyView; providerId: string },
): PageResult {
  const trustDevice = !!config.twoFactor?.trustedDevices;
  const { secret, uri, qrSvg } = slots;
  if (secret !== undefined && uri !== undefined && qrSvg !== undefined) {
    // each enrollment shows its own key: rendered for its request alone
    const page = renderTwoFactor({
      theme: config.theme,
      text,
      ...slots,
      error,
      trustDevice,
      enrollment: { secret, uri, qrSvg },
    });
    return { ...page, html: withScriptNonces(page.html, nonce) };
  }
  return cachedRender(
    pagesOf(config).twoFactor,
    config,
    variant(text, `${error ?? ""}${passkeyOnly ? "\npasskey-only" : ""}`),
    slots,
    ({ passkeyOptionsUrl, webauthnScriptUrl, ...markers }) =>
      renderTwoFactor({
        theme: config.theme,
        text,
        ...markers,
        error,
        trustDevice,
        passkeyOnly,
        passkey:
          passkey && passkeyOptionsUrl !== undefined && webauthnScriptUrl !== undefined
            ? { ...passkey, optionsUrl: passkeyOptionsUrl, scriptUrl: webauthnScriptUrl }
            : undefined,
      }),
    nonce,
  );
}

/** Renders the description of one of the feature's pages. */
export function render(
  config: ResolvedConfig,
  at: PageRequest,
  page: TwoFactorPageDescription,
): PageResult | Promise<PageResult> {
  switch (page.name) {
    case "twoFactor":
      return twoFactorPage(config, at, page.error, page.slots, page.passkeyOnly);
    case "totpEnrollment":
      return totpEnrollmentPage(config, at, page.error, page.slots);
    case "backupCodes":
      return backupCodesPage(config, at, page.slots);
  }
}

/** The account page's section, as markup the account page embeds. */
export function accountSection(props: AccountSectionProps): string {
  return toMarkup(FactorsSection(props));
}
