import type { Child } from "hono/jsx";
import type { Theme } from "../src/config/theme-colors.js";
import { safeImageUrl } from "./sanitize.js";
import { themeCss } from "./theme.js";

export interface LayoutProps {
  theme: Theme;
  /** The page's language tag, e.g. "ja". */
  lang: string;
  title: string;
  children?: Child;
  /** Scripts placed at the end of `<body>`. */
  scripts?: Child;
  /** The app's name: the logo's text alternative, or shown as text when there is no logo. */
  brand?: string;
}

/** The document shell shared by every page: head, theme stylesheet, optional logo, centred card. */
export function Layout({ theme, lang, title, children, scripts, brand }: LayoutProps) {
  const logo = safeImageUrl(theme.logo);
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: themeCss(theme) }} />
      </head>
      <body>
        <main>
          {logo ? (
            <img class="logo" src={logo} alt={brand ?? ""} referrerpolicy="no-referrer" />
          ) : (
            brand && <p class="brand">{brand}</p>
          )}
          <div class="card">{children}</div>
        </main>
        {scripts}
      </body>
    </html>
  );
}

/** A block of alert text, announced by screen readers. */
export function Alert({ children }: { children?: Child }) {
  return (
    <div class="alert" role="alert">
      {children}
    </div>
  );
}

/** The "or" line between groups of sign-in methods. */
export function Divider({ text }: { text: string }) {
  return <p class="divider">{text}</p>;
}

/** A hidden form field. */
export function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}
