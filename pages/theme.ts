import type { Theme } from "../src/config/theme-colors.js";
import { themeColors } from "../src/config/theme-colors.js";

export { defaultBrandColor } from "../src/config/theme-colors.js";

const lightColors = `
  --bg: #f3f4f6;
  --surface: #ffffff;
  --text: #1f2328;
  --muted: #5a6470;
  --border: #d5d9df;
  --input-bg: #ffffff;
  --error-bg: #fdeeee;
  --error-border: #f1b7b7;
  --error-text: #8c1d1d;
  --link: oklch(from var(--brand) min(l, 0.5) c h);`;

const darkColors = `
  --bg: #111317;
  --surface: #1b1e24;
  --text: #e8eaed;
  --muted: #a0a8b3;
  --border: #363b44;
  --input-bg: #111317;
  --error-bg: #3a1c1e;
  --error-border: #7a3036;
  --error-text: #ffc9c9;
  --link: oklch(from var(--brand) max(l, 0.78) c h);`;

function colorSchemeRules(scheme: Theme["colorScheme"]): string {
  if (scheme === "light") return `:root { color-scheme: light;${lightColors}\n}`;
  if (scheme === "dark") return `:root { color-scheme: dark;${darkColors}\n}`;
  return `:root { color-scheme: light dark;${lightColors}\n}
@media (prefers-color-scheme: dark) {
  :root {${darkColors}\n  }
}`;
}

const baseRules = `
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
body {
  margin: 0;
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px 16px;
  background: var(--bg);
  color: var(--text);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  font-size: 16px;
  line-height: 1.5;
  -webkit-text-size-adjust: 100%;
}
main { width: 100%; max-width: 400px; }
.logo { display: block; max-width: 160px; max-height: 72px; margin: 0 auto 24px; }
.card {
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 12px;
  padding: 32px 28px;
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.05), 0 8px 24px rgb(0 0 0 / 0.06);
}
h1 { font-size: 1.375rem; font-weight: 600; line-height: 1.3; margin: 0 0 24px; text-align: center; }
p { margin: 0 0 16px; }
.card > :last-child { margin-bottom: 0; }
.note, .back { margin: 20px 0 0; }
.muted { color: var(--muted); font-size: 0.875rem; }
.center { text-align: center; }
/* Links and the show-password text: the brand colour at a lightness that reads at 4.5:1 or more in each scheme (WCAG AA). */
a { color: var(--link); text-underline-offset: 2px; }
form { display: flex; flex-direction: column; gap: 12px; margin: 0; }
.providers { display: flex; flex-direction: column; gap: 10px; }
.field { display: flex; flex-direction: column; gap: 4px; }
label { font-size: 0.875rem; font-weight: 500; }
input {
  font: inherit;
  width: 100%;
  padding: 9px 12px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--input-bg);
  color: var(--text);
}
input:focus-visible { outline: 2px solid var(--brand); outline-offset: 1px; border-color: var(--brand); }
.button {
  font: inherit;
  font-weight: 500;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 9px 16px;
  border: 1px solid transparent;
  border-radius: 8px;
  background: var(--brand);
  color: var(--button-text);
  cursor: pointer;
  text-decoration: none;
}
.button:hover { filter: brightness(1.08); }
.button:focus-visible { outline: 2px solid var(--brand); outline-offset: 2px; }
.provider {
  background: var(--provider-bg, var(--surface));
  color: var(--provider-text, var(--text));
  border-color: var(--border);
}
.provider img { width: 20px; height: 20px; flex: none; }
.divider { display: flex; align-items: center; gap: 12px; margin: 16px 0; color: var(--muted); font-size: 0.875rem; }
.stack { display: flex; flex-direction: column; gap: 10px; }
.secondary { background: var(--surface); color: var(--text); border-color: var(--border); }
.sessions { list-style: none; padding: 0; margin: 0 0 16px; display: flex; flex-direction: column; gap: 12px; }
.session { border: 1px solid var(--border); border-radius: 8px; padding: 12px 14px; }
.session p { margin: 0 0 4px; }
.session form { margin-top: 8px; }
h2 { font-size: 1.0625rem; font-weight: 600; margin: 28px 0 12px; }
.account-section + .account-section { border-top: 1px solid var(--border); }
.badge { margin-left: 8px; padding: 1px 8px; border-radius: 999px; background: var(--brand); color: var(--button-text); font-size: 0.75rem; vertical-align: middle; }
.secret { position: relative; }
.secret input { padding-right: 84px; }
.reveal {
  position: absolute;
  top: 4px;
  right: 4px;
  bottom: 4px;
  min-width: 72px;
  padding: 0 10px;
  font: inherit;
  font-size: 0.875rem;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--link);
  cursor: pointer;
}
.reveal:focus-visible { outline: 2px solid var(--brand); }
/* A QR reader wants dark modules on light: black on the code's own white square, in the dark scheme too. */
.qr { max-width: 232px; margin: 0 auto 16px; color: #000; }
.qr svg { display: block; width: 100%; height: auto; border-radius: 6px; }
.key, .codes { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.key { font-size: 1.0625rem; word-spacing: 0.25em; overflow-wrap: anywhere; }
.codes { list-style: none; padding: 0; margin: 0 0 20px; display: grid; grid-template-columns: 1fr 1fr; gap: 8px; text-align: center; }
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--border); }
.alert {
  margin: 0 0 20px;
  padding: 12px 14px;
  border: 1px solid var(--error-border);
  border-radius: 8px;
  background: var(--error-bg);
  color: var(--error-text);
  font-size: 0.9375rem;
}
`;

/**
 * The stylesheet for every page. Only validated colours from the theme reach it, so it is safe
 * to insert as raw text inside `<style>`.
 */
export function themeCss(theme: Theme): string {
  const { brand, buttonText } = themeColors(theme);
  return `${colorSchemeRules(theme.colorScheme)}
:root { --brand: ${brand}; --button-text: ${buttonText}; }
${baseRules}`;
}
