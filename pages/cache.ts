import type { ResolvedConfig, Runtime } from "../src/config/resolved-config.js";
import type { Theme } from "../src/config/theme-colors.js";
import { pageText, type PageText } from "../src/messages/locale.js";
import type { PageResult } from "./render.js";
import { compileTemplate, fillTemplate, withNonceSlots, withScriptNonces, type Template } from "./template.js";

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

// What the instance keeps of each configuration's pages, and the shapes of page the configuration fills.

export interface RenderedPages {
  signIn: PageCache;
  signOut: PageCache;
  error: PageCache;
  verifyRequest: PageCache;
  emailConfirm: PageCache;
  signInExpired: PageCache;
  twoFactor: PageCache;
  emailChange: PageCache;
}

const renderedPages = Symbol("sekisho.renderedPages");
const emptyPages = (): RenderedPages => ({
  signIn: new WeakMap(),
  signOut: new WeakMap(),
  error: new WeakMap(),
  verifyRequest: new WeakMap(),
  emailConfirm: new WeakMap(),
  signInExpired: new WeakMap(),
  twoFactor: new WeakMap(),
  emailChange: new WeakMap(),
});

/** The pages the configuration's instance has rendered; a stand-in configuration keeps none. */
export function pagesOf(config: { runtime?: Runtime }): RenderedPages {
  return config.runtime ? config.runtime.memo(renderedPages, emptyPages) : emptyPages();
}

/** The cache variant: the language, then whatever else the page shows. */
export function variant(text: PageText, key = ""): string {
  return `${text.lang}\n${key}`;
}

/** The request a page answers, and the nonce its response's policy allows scripts by. */
export interface PageRequest {
  request: Request;
  nonce: string;
}

/** `then` without a promise when the value is already there: most pages need no asynchronous step. */
export function whenReady<T, R>(value: T | Promise<T>, next: (ready: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** A page whose only variant is its language. */
export function languagePage<S extends Slots>(
  cache: keyof RenderedPages,
  render: (props: S & { theme: Theme; text: PageText }) => PageResult,
): (config: ResolvedConfig, at: PageRequest, slots: S) => PageResult | Promise<PageResult> {
  return (config, { request, nonce }, slots) =>
    whenReady(pageText(config, request), (text) =>
      cachedRender(
        pagesOf(config)[cache],
        config,
        variant(text),
        slots,
        (markers) => render({ theme: config.theme, text, ...markers }),
        nonce,
      ),
    );
}

/** A page that shows one user's own values (sessions, a TOTP key, backup codes): rendered for each request, never cached. */
export function perRequestPage<A extends unknown[]>(
  render: (theme: Theme, text: PageText, ...args: A) => PageResult,
): (config: ResolvedConfig, at: PageRequest, ...args: A) => PageResult | Promise<PageResult> {
  return (config, { request, nonce }, ...args) =>
    whenReady(pageText(config, request), (text) => {
      const page = render(config.theme, text, ...args);
      return { ...page, html: withScriptNonces(page.html, nonce) };
    });
}
