import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { page, type Outcome } from "../http/outcome.js";
import type { TotpEnrollmentError, TotpEnrollmentSlots } from "../http/page-description.js";
import { applyRedirectCallback, readCallbackUrl } from "../http/callback-url.js";
import { wantsPage } from "../http/wants-page.js";
import { pageText } from "../messages/locale.js";
import { qrSvg } from "./qr-svg.js";

/** A setup waiting for its first code, as the user copies it into an authenticator app. */
export interface WaitingEnrollment {
  /** The key in base32. */
  secret: string;
  /** The `otpauth://` URI, the QR code's content. */
  uri: string;
}

/**
 * For a browser, where it goes once done: the `callbackUrl` of the form that started (carried by every form since),
 * through the redirect callback; undefined for a script, or when none was given (the pages then lead to the account
 * page). A malformed one is a bad request: a route reads it before it changes anything.
 */
export async function browserReturn(ctx: AuthContext): Promise<string | undefined> {
  if (!wantsPage(ctx)) return undefined;
  const asked = readCallbackUrl(ctx.body.callbackUrl) ?? readCallbackUrl(ctx.query.callbackUrl);
  return asked === undefined ? undefined : applyRedirectCallback(ctx.config.callbacks.redirect, asked, ctx.origin);
}

/**
 * The browser's enrollment page: the waiting setup with its QR code, the key and the code form; without one, what
 * happened (expired, or finished in another tab) and the way on.
 */
export async function enrollmentPage(
  ctx: AuthContext,
  callbackUrl: string | undefined,
  waiting: WaitingEnrollment | null,
  error?: TotpEnrollmentError,
): Promise<Outcome> {
  const form = await csrfTokenForForm(ctx);
  const shown = waiting && {
    ...waiting,
    qrSvg: qrSvg(waiting.uri, { label: (await pageText(ctx.config, ctx.request)).messages.totpEnrollment.qrLabel }),
  };
  const slots: TotpEnrollmentSlots = {
    csrfToken: form.token,
    action: `${ctx.baseUrl}/account/totp/confirm`,
    startUrl: `${ctx.baseUrl}/account/totp`,
    backUrl: callbackUrl ?? `${ctx.baseUrl}/account`,
    callbackUrl,
    ...shown,
  };
  return page({ name: "totpEnrollment", error, slots }, form.cookies);
}

/** The browser's page of new backup codes, shown this once. */
export function backupCodesPage(ctx: AuthContext, callbackUrl: string | undefined, codes: string[]): Outcome {
  return page({ name: "backupCodes", slots: { codes, doneUrl: callbackUrl ?? `${ctx.baseUrl}/account` } });
}
