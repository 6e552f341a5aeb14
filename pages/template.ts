import { randomHex } from "../src/crypto.js";

/** A rendered page cut where its per-request values go: `parts` has one entry more than `slots`. */
export interface Template {
  parts: string[];
  slots: string[];
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The escaping hono/jsx applies to text and to attribute values, which it always double-quotes. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char]);
}

// Escaped text is safe in markup and attributes, not in the raw text of <script> or <style>. A raw ">"
// after the opening tag's start ends that tag: escaping turns every ">" in an attribute into "&gt;".
function insideRawText(before: string): boolean {
  return ["script", "style"].some((tag) => {
    const open = before.lastIndexOf(`<${tag}`);
    return open > before.lastIndexOf(`</${tag}`) && before.includes(">", open);
  });
}

/**
 * Renders a page with a marker in place of each named value and cuts it at the markers. A marker is
 * letters and digits around a random nonce, so escaping leaves it whole and no other text matches it.
 */
export function compileTemplate(names: readonly string[], render: (markers: Record<string, string>) => string): Template {
  const nonce = randomHex(16);
  const html = render(Object.fromEntries(names.map((name) => [name, `${nonce}${name}${nonce}`])));
  const template: Template = { parts: [], slots: [] };
  let end = 0;
  for (const match of html.matchAll(new RegExp(`${nonce}(\\w+?)${nonce}`, "g"))) {
    if (insideRawText(html.slice(0, match.index))) throw new TypeError(`A page put "${match[1]}" inside a script or style`);
    template.parts.push(html.slice(end, match.index));
    template.slots.push(match[1]);
    end = match.index + match[0].length;
  }
  template.parts.push(html.slice(end));
  const leftover = nonce.slice(0, 8);
  if (template.parts.some((part) => part.toLowerCase().includes(leftover)))
    throw new TypeError("A page altered a value it was given");
  return template;
}

/** The page with each slot's value, escaped. */
export function fillTemplate(template: Template, values: Record<string, string | undefined>): string {
  const { parts, slots } = template;
  let html = parts[0];
  for (let i = 0; i < slots.length; i++) html += escapeHtml(values[slots[i]]!) + parts[i + 1];
  return html;
}
