import type { Runtime } from "../src/config/types.js";

type PagesModule = typeof import("./configured.js");

const pagesModule = Symbol("sekisho.pagesModule");
const importPages = (): Promise<PagesModule> => import("./configured.js");

/**
 * The built-in pages, imported on the instance's first use: hono/jsx and the pages stay out of requests (and
 * apps) that never show one, and the build puts them in chunks of their own. A request that failed before its
 * configuration resolved has no instance to keep them in.
 */
export function loadPages(owner: { runtime?: Runtime } | undefined): Promise<PagesModule> {
  return owner?.runtime ? owner.runtime.memo(pagesModule, importPages) : importPages();
}
