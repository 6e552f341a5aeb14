let pages: Promise<typeof import("./configured.js")> | undefined;

/**
 * The built-in pages, imported on first use: hono/jsx and the pages stay out of requests (and apps)
 * that never show one, and the build puts them in chunks of their own.
 */
export const loadPages = () => (pages ??= import("./configured.js"));
