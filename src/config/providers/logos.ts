import type { ProviderStyle } from "./types.js";

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
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">` +
    `<rect width="24" height="24" rx="5" fill="${escapeXml(bg)}"/>` +
    `<text x="12" y="12" dy=".36em" text-anchor="middle" font-family="system-ui,Arial,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="${escapeXml(fg)}">${escapeXml(letters)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A provider's button style: its brand colours and a monogram in the same colours. */
export function brandStyle(letters: string, bg: string, text = "#fff"): ProviderStyle {
  return { logo: monogram(letters, bg, text), bg, text };
}
