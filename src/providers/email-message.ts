import { en } from "../messages/en.js";
import type { Messages } from "../messages/message-types.js";
import { themeColors } from "../config/theme-colors.js";
import type { Theme } from "../config/theme-colors.js";
import type { EmailVerificationRequest } from "../config/providers/provider-types.js";

export interface VerificationMessageInput {
  /** The sign-in link; the only place the token appears. */
  url: string;
  /** Shown in the subject and heading, e.g. `example.com`. */
  host: string;
  theme: Theme;
  /** The one-time code, when the provider sends one. */
  otp?: string;
  expires: Date;
  /** The language tag and its texts; English when absent. */
  locale?: string;
  messages?: Messages;
}

export interface VerificationMessage {
  subject: string;
  text: string;
  html: string;
}

/** A complete sign-in email: the built-in message plus its envelope. */
export interface VerificationEmail extends VerificationMessage {
  from: string;
  to: string;
}

const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char]);
}

// Plain-text parts and the subject header: a control character could fold the header or fake a new line.
function plain(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ");
}

/** "in 24 hours (Nov 25, 2026, 10:00 AM UTC)", in `locale`: relative for the reader, absolute in case delivery was slow. */
function describeExpiry(expires: Date, locale: string): string {
  const minutes = Math.max(1, Math.round((expires.getTime() - Date.now()) / 60_000));
  const hours = Math.round(minutes / 60);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  const when =
    minutes < 90
      ? relative.format(minutes, "minute")
      : hours < 48
        ? relative.format(hours, "hour")
        : relative.format(Math.round(hours / 24), "day");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(expires);
  return `${when} (${date} UTC)`;
}

/** The built-in sign-in email: a subject, a plain-text part and an HTML part with no external resources. */
export function verificationMessage({
  url,
  host,
  theme,
  otp,
  expires,
  locale = "en",
  messages = en,
}: VerificationMessageInput): VerificationMessage {
  const { brand: brandColor, buttonText } = themeColors(theme);
  const texts = messages.email;
  const when = describeExpiry(expires, locale);
  const expiry = otp ? texts.linkAndCodeExpire(when) : texts.linkExpires(when);
  const ignore = texts.ignore;
  const heading = texts.heading(host);

  const text = [
    plain(heading),
    "",
    texts.linkIntro,
    plain(url),
    ...(otp ? ["", `${texts.codeIntro} ${plain(otp)}`] : []),
    "",
    expiry,
    ignore,
    "",
  ].join("\n");

  const muted = "font-size:14px;line-height:20px;color:#5a6470;";
  const code = otp
    ? `<p style="margin:24px 0 8px;font-size:14px;color:#5a6470;">${escapeHtml(texts.codeIntro)}</p>` +
      `<p style="margin:0;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;color:#1f2328;">${escapeHtml(otp)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:480px;background:#ffffff;border:1px solid #d5d9df;border-radius:8px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;font-weight:600;">${escapeHtml(heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:24px;">${escapeHtml(texts.intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0"><tr>
<td style="border-radius:6px;background:${brandColor};"><a href="${escapeHtml(url)}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;font-size:16px;font-weight:600;color:${buttonText};text-decoration:none;">${escapeHtml(texts.button)}</a></td>
</tr></table>
${code}
<p style="margin:24px 0 0;${muted}">${escapeHtml(expiry)}</p>
<p style="margin:16px 0 0;${muted}">${escapeHtml(ignore)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject: plain(texts.subject(host)), text, html };
}

/** `no-reply@` the link's host name; an IP address or other non-domain host gives `no-reply@localhost`. */
function defaultFrom(url: URL): string {
  const domain = /^(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*$/i.test(url.hostname) ? url.hostname : "localhost";
  return `no-reply@${domain}`;
}

/** What every built-in sender sends: the provider's `from` (or a no-reply address at the site's host) to the identifier. */
export function verificationEmail(params: EmailVerificationRequest): VerificationEmail {
  const link = new URL(params.url);
  const message = verificationMessage({
    url: params.url,
    host: link.host,
    theme: params.theme,
    otp: params.otp,
    expires: params.expires,
    locale: params.locale,
    messages: params.messages,
  });
  return { from: params.provider.from ?? defaultFrom(link), to: params.identifier, ...message };
}
