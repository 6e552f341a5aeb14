import type { PageResult } from "./render.js";
import { compileTemplate, fillTemplate, withNonceSlots, type Template } from "./template.js";

/** A page's per-request values. An absent one is left out of the page, not filled in empty. */
export type Slots = Record<string, string | undefined>;

interface CachedPage {
  template: Template;
  status: number;
}

/** Rendered pages per owner, a resolved configuration: two configurations never share a page. */
export type PageCache = WeakMap<object, Map<string, CachedPage>>;

function compile<S extends Slots>(names: string[], render: (markers: S) => PageResult): CachedPage {
  let status = 0;
  const template = compileTemplate(names, (markers) => {
    const page = render(markers as S);
    status = page.status;
    return page.html;
  });
  return { template: withNonceSlots(template), status };
}

/**
 * The page with `slots` filled in, and `nonce` on its scripts. It is rendered once per owner, variant and
 * set of present slots, with markers for the slots. `variant` names whatever else the page shows; it must come from a
 * small fixed set, such as the codes of a message table, since every variant stays cached.
 */
export function cachedRender<S extends Slots>(
  cache: PageCache,
  owner: object,
  variant: string,
  slots: S,
  render: (markers: S) => PageResult,
  nonce: string,
): PageResult {
  let pages = cache.get(owner);
  if (!pages) cache.set(owner, (pages = new Map()));
  let key = `${variant}\u0000`;
  for (const name in slots) if (slots[name] !== undefined) key += `${name},`;
  let page = pages.get(key);
  if (!page) {
    const present = Object.keys(slots).filter((name) => slots[name] !== undefined);
    pages.set(key, (page = compile(present, render)));
  }
  return { html: fillTemplate(page.template, slots, nonce), status: page.status };
}
