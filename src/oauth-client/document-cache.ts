import type { CachedDocument, DocumentCache } from "../config/resolved-config.js";

/**
 * What providers publish (discovery documents, JWKS), cached per instance in `config.runtime`: used for
 * `DOCUMENT_MAX_AGE`, then fetched again, so a key the provider withdraws stops being trusted within minutes.
 */

export const DOCUMENT_MAX_AGE = 10 * 60 * 1000;

/** Forced fetches are this far apart at least, so tokens naming unknown keys cannot make us hammer the provider. */
export const FORCED_FETCH_COOLDOWN = 30 * 1000;

/**
 * The document at `url`: the cached one while it is fresh, else `load()`. With `force`, `load()` runs even
 * for a fresh document, unless the last forced fetch was within the cooldown. A failed fetch is forgotten,
 * so the next sign-in tries again.
 */
export function cachedDocument<T>(cache: DocumentCache<T>, url: string, load: () => Promise<T>, force = false): Promise<T> {
  const now = Date.now();
  const entry = cache.get(url);
  const fresh = entry !== undefined && now - entry.fetchedAt < DOCUMENT_MAX_AGE;
  const forcing = force && !(entry?.forcedAt !== undefined && now - entry.forcedAt < FORCED_FETCH_COOLDOWN);
  if (entry && fresh && !forcing) return entry.value;
  const next: CachedDocument<T> = { value: load(), fetchedAt: now, forcedAt: forcing ? now : entry?.forcedAt };
  cache.set(url, next);
  next.value.catch(() => {
    if (cache.get(url) === next) cache.delete(url);
  });
  return next.value;
}
