import { randomHex } from "../src/crypto.js";

/**
 * A rendered page cut where its per-request values go: `parts` has one entry more than `slots`. A `null`
 * slot takes the response's script nonce.
 */
export interface Template {
  parts: string[];
  slots: (string | null)[];
}

const scriptTag = "<script";

/**
 * The page with the response's nonce on each of its `<script>` tags. Every `<script` in a page is one of ours:
 * text a page shows is escaped, so it never holds a `<`.
 */
export function withScriptNonces(html: string, nonce: string): string {
  return html.replaceAll(scriptTag, `${scriptTag} nonce="${nonce}"`);
}

/**
 * The template with a nonce slot in each `<script>` tag of its fixed parts, so that a request fills the nonce
 * in with its other values instead of passing over the whole page. Filled values are escaped and hold no `<`,
 * so every script tag of the filled page is in a fixed part: the result is that of `withScriptNonces`.
 */
export function withNonceSlots(template: Template): Template {
  const nonced: Template = { parts: [], slots: [] };
  let current = "";
  template.parts.forEach((part, i) => {
    const pieces = part.split(scriptTag);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      nonced.parts.push(`${current}${scriptTag} nonce="`);
      nonced.slots.push(null);
      current = `"${piece}`;
    }
    if (i < template.slots.length) {
      nonced.parts.push(current);
      nonced.slots.push(template.slots[i]);
      current = "";
    }
  });
  nonced.parts.push(current);
  return nonced;
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const special = /[&<>"']/;

/** The escaping hono/jsx applies to text and to attribute values, which it always double-quotes. */
function escapeHtml(value: string): string {
  return special.test(value) ? value.replace(/[&<>"']/g, (char) => entities[char]) : value;
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

/** The page with each slot's value, escaped, and `nonce` in each nonce slot. */
export function fillTemplate(template: Template, values: Record<string, string | undefined>, nonce: string): string {
  const { parts, slots } = template;
  let html = parts[0];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    html += (slot === null ? escapeHtml(nonce) : escapeHtml(values[slot]!)) + parts[i + 1];
  }
  return html;
}
