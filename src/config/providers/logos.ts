import type { ProviderStyle } from "./provider-types.js";

const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => xmlEntities[char]);
}

/**
 * A provider logo drawn by sekisho itself: `letters` in `fg` on a rounded square of `bg`,
 * as a `data:` URI, so the sign-in page loads nothing from a third-party host.
 */
export function monogram(letters: string, bg: string, fg = "#fff"): string {
  const fontSize = letters.length <= 1 ? 15 : letters.length === 2 ? 11 : 8;
  return svgUri(
    `<rect width="24" height="24" rx="5" fill="${escapeXml(bg)}"/>` +
      `<text x="12" y="12" dy=".36em" text-anchor="middle" font-family="system-ui,Arial,sans-serif" ` +
      `font-size="${fontSize}" font-weight="700" fill="${escapeXml(fg)}">${escapeXml(letters)}</text>`,
  );
}

/** A 24×24 SVG image of `body`, as a `data:` URI. */
function svgUri(body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * A provider's button style: its brand mark, `path` (SVG path data in a 24×24 box), drawn in `text` on the brand
 * colour `bg`, as the button's text is. Inline, so the sign-in page loads nothing from a third party and its CSP
 * holds; each provider module holds its own mark, so a bundle (and a cold start of the built package) carries only
 * the marks of the providers it imports.
 *
 * The marks come from Simple Icons 16.37.0 (https://simpleicons.org), released under CC0 1.0 Universal. Marks it
 * lists under other terms (Keycloak, Webex) are left out, as are brands it does not carry (Microsoft, LinkedIn,
 * Slack, Salesforce, AWS Cognito, Yandex, WorkOS, and others): those providers keep a monogram. The marks are
 * trademarks of their owners, shown only to name the provider on the button that signs in with it.
 */
export function brandMark(path: string, bg: string, text = "#fff"): ProviderStyle {
  return { logo: svgUri(`<path d="${escapeXml(path)}" fill="${escapeXml(text)}"/>`), bg, text };
}

/** A provider's button style: its brand colours and a monogram in the same colours. */
export function brandStyle(letters: string, bg: string, text = "#fff"): ProviderStyle {
  return { logo: monogram(letters, bg, text), bg, text };
}
