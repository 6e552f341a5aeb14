function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * The built-in pages, imported on first use: hono/jsx and the pages stay out of requests (and apps)
 * that never show one, and the build puts them in chunks of their own.
 */
export const loadPages = once(() => import("./configured.js"));

/** The passkey parts of the sign-in page, imported only for a configuration with a WebAuthn provider. */
export const loadPasskeyView = once(() => import("./webauthn.js"));
