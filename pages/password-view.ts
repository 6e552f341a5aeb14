import type { ResolvedConfig } from "../src/config/resolved-config.js";
import type { MethodPageDescription } from "../src/http/page-description.js";
import { pageText } from "../src/messages/locale.js";
import { whenReady, type PageRequest } from "./cache.js";
import { PasskeyOfferPage } from "./passkey-offer.js";
import { PasswordPage } from "./password-page.js";
import type { PasswordPageProps } from "./props.js";
import { texted, toHtml, type PageResult } from "./render.js";
import { withScriptNonces } from "./template.js";

/*
 * The Password provider's pages (sign-up, forgot, reset, change, the passkey offer). The provider module brings this module
 * (src/providers/password.ts), so that only apps with passwords carry them.
 */

/** 401 after a wrong current password, 503 when the breach check could not answer, 400 after another refusal. */
export function renderPassword(props: PasswordPageProps): PageResult {
  const status = !props.error
    ? 200
    : props.error === "CurrentPasswordWrong"
      ? 401
      : props.error === "PasswordCheckUnavailable"
        ? 503
        : 400;
  return { html: toHtml(PasswordPage(texted(props))), status };
}

/** The forms carry per-request values (a token, an address), so each is rendered for its request. */
export function render(
  config: ResolvedConfig,
  { request, nonce }: PageRequest,
  page: MethodPageDescription,
): PageResult | Promise<PageResult> {
  if (page.name !== "password" && page.name !== "passkeyOffer")
    throw new TypeError(`The Password provider shows no ${page.name} page.`);
  return whenReady(pageText(config, request), (text) => {
    const rendered =
      page.name === "password"
        ? renderPassword({ theme: config.theme, text, ...page.slots, error: page.error })
        : { html: toHtml(PasskeyOfferPage(texted({ theme: config.theme, text, ...page.slots }))), status: 200 };
    return { ...rendered, html: withScriptNonces(rendered.html, nonce) };
  });
}
