/** How the built-in pages and emails look. */
export interface Theme {
  /**
   * Light or dark pages; `auto` follows the visitor's system setting.
   * @default "auto"
   * @example
   * ```ts
   * theme: { colorScheme: "dark" }
   * ```
   */
  colorScheme?: "auto" | "dark" | "light";
  /**
   * The URL of an image shown above the pages' content and in emails.
   * @default none
   * @example
   * ```ts
   * theme: { logo: "https://example.com/logo.svg" }
   * ```
   */
  logo?: string;
  /**
   * The app's name, shown at the top of the sign-in page (as the logo's text alternative when there is a logo).
   * @default the site's host, such as "example.com"
   * @example
   * ```ts
   * theme: { brandName: "Acme", logo: "https://acme.example/logo.svg" }
   * ```
   */
  brandName?: string;
  /**
   * The colour of buttons and links: a CSS colour (#hex, rgb(), hsl() or a keyword); an unsafe value is
   * replaced by the default.
   * @default "#2f5bd3"
   * @example
   * ```ts
   * theme: { brandColor: "#0b6e4f" }
   * ```
   */
  brandColor?: string;
  /**
   * The colour of the text on buttons, a CSS colour as for `brandColor`.
   * @default "#ffffff"
   * @example
   * ```ts
   * theme: { buttonText: "#000000" }
   * ```
   */
  buttonText?: string;
}

export const defaultBrandColor = "#2f5bd3";
const defaultButtonText = "#ffffff";

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Inside the parentheses only numbers, units, separators: nothing that can close the declaration.
const functionColor = /^(?:rgba?|hsla?)\([0-9a-z\s.,%/+-]*\)$/i;
const namedColor = /^[a-z]+$/i;
const maxColorLength = 64;

/** A CSS colour written as #hex, rgb()/rgba(), hsl()/hsla() or a keyword of letters only. */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  if (color.length === 0 || color.length > maxColorLength) return undefined;
  return hexColor.test(color) || functionColor.test(color) || namedColor.test(color) ? color : undefined;
}

/** The theme's brand and button-text colours, each a checked CSS colour, or the default when it is missing or unsafe. */
export function themeColors(theme: { brandColor?: string; buttonText?: string }): { brand: string; buttonText: string } {
  return {
    brand: safeColor(theme.brandColor) ?? defaultBrandColor,
    buttonText: safeColor(theme.buttonText) ?? defaultButtonText,
  };
}
