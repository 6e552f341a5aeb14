/** How the built-in pages and emails look. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  logo?: string;
  /**
   * The app's name, shown at the top of the sign-in page (as the logo's text alternative when there is a logo).
   * @default the site's host, such as "example.com"
   * @example theme: { brandName: "Acme", logo: "https://acme.example/logo.svg" }
   */
  brandName?: string;
  brandColor?: string;
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
