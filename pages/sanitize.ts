/**
 * Checks for values from configuration that end up inside CSS or URL attributes.
 * Each returns the value when it is safe, or undefined so the caller drops it.
 */

export { safeColor } from "../src/config/theme-colors.js";

// An <img> never runs script, not even from SVG, so any data:image payload may be shown.
const dataImage = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** An image address for `<img src>`: http(s), or a data:image URI. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (dataImage.test(value)) return value;
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// Set by the page itself, or special to the JSX renderer.
const reservedAttributes = new Set(["label", "id", "name", "children", "key", "ref", "dangerouslysetinnerhtml", "form"]);
const attributeName = /^[a-z][a-z0-9-]*$/i;

/**
 * The HTML attributes of a credentials input, from its configuration entry. Event handlers
 * (`on…`), names the page sets itself and non-primitive values are dropped.
 */
export function inputAttributes(input: Record<string, unknown>): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(input)) {
    const lower = key.toLowerCase();
    if (lower.startsWith("on") || reservedAttributes.has(lower) || !attributeName.test(key)) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      attributes[key] = value;
    }
  }
  return attributes;
}
