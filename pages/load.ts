import type { Runtime } from "../src/config/resolved-config.js";

type PagesModule = typeof import("./configured.js");

/** The import under way, and the module once it has arrived. */
interface Loading {
  pages?: PagesModule;
  loaded: Promise<PagesModule>;
}

const pagesModule = Symbol("sekisho.pagesModule");
const importPages = (): Promise<PagesModule> => import("./configured.js");

function startLoading(): Loading {
  const loading: Loading = { loaded: importPages() };
  loading.loaded = loading.loaded.then((pages) => (loading.pages = pages));
  return loading;
}

/**
 * The built-in pages, imported on the instance's first use: hono/jsx and the pages stay out of requests (and
 * apps) that never show one, and the build puts them in chunks of their own. Once the import has arrived the
 * module itself is returned, not a promise. A request that failed before its configuration resolved has no
 * instance to keep them in.
 */
export function loadPages(owner: { runtime?: Runtime } | undefined): PagesModule | Promise<PagesModule> {
  if (!owner?.runtime) return importPages();
  const loading = owner.runtime.memo(pagesModule, startLoading);
  return loading.pages ?? loading.loaded;
}
