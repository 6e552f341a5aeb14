import type { AuthContext } from "../http/context.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";
import { page, type Outcome } from "../http/outcome.js";
import type { TotpEnrollmentError, TotpEnrollmentSlots } from "../http/page-description.js";
import { applyRedirectCallback, readCallbackUrl } from "../http/redirect-callback.js";
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
 * Where the user goes once done: the `callbackUrl` of the form that started (carried by every form since), through
 * the redirect callback; without one, the account page. A malformed one is refused as a bad request.
 */
async function askedReturn(ctx: AuthContext): Promise<string | undefined> {
  const asked = readCallbackUrl(ctx.body.callbackUrl) ?? readCallbackUrl(ctx.query.callbackUrl);
  return asked === undefined ? undefined : applyRedirectCallback(ctx.config.callbacks.redirect, asked, ctx.origin);
}

/**
 * The browser's enrollment page: the waiting setup with its QR code, the key and the code form; without one, what
 * happened (expired, or finished in another tab) and the way on.
 */
export async function enrollmentPage(
  ctx: AuthContext,
  waiting: WaitingEnrollment | null,
  error?: TotpEnrollmentError,
): Promise<Outcome> {
  const form = await csrfTokenForForm(ctx);
  const callbackUrl = await askedReturn(ctx);
  const slots: TotpEnrollmentSlots = {
    csrfToken: form.token,
    action: `${ctx.baseUrl}/account/totp/confirm`,
    startUrl: `${ctx.baseUrl}/account/totp`,
    backUrl: callbackUrl ?? `${ctx.baseUrl}/account`,
    callbackUrl,
  };
  if (waiting) {
    const { messages } = await pageText(ctx.config, ctx.request);
    Object.assign(slots, { ...waiting, qrSvg: qrSvg(waiting.uri, { label: messages.totpEnrollment.qrLabel }) });
  }
  return page({ name: "totpEnrollment", error, slots }, form.cookies);
}

/** The browser's page of new backup codes, shown this once. */
export async function backupCodesPage(ctx: AuthContext, codes: string[]): Promise<Outcome> {
  const doneUrl = (await askedReturn(ctx)) ?? `${ctx.baseUrl}/account`;
  return page({ name: "backupCodes", slots: { codes, doneUrl } });
}
