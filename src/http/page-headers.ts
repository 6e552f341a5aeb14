import { randomHex } from "../crypto.js";

export interface PageSecurity {
  /** Fresh for each response: the page puts it on its every `<script>`. */
  nonce: string;
  headers: Record<string, string>;
}

/**
 * What keeps a built-in page from running foreign script or being framed by another site (clickjacking):
 * a Content-Security-Policy whose scripts are only those the page itself carries, under a fresh nonce, and
 * whose frame ancestors are the configured origins (none by default), with X-Frame-Options to match for
 * browsers that predate frame-ancestors.
 */
export function pageSecurity(frameAncestors: readonly string[], origin: string | undefined): PageSecurity {
  const nonce = randomHex(16);
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'";
  const headers: Record<string, string> = {
    "Content-Security-Policy": `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'; frame-ancestors ${ancestors}`,
  };
  const frameOptions =
    frameAncestors.length === 0 ? "DENY" : frameAncestors.every((allowed) => allowed === origin) ? "SAMEORIGIN" : undefined;
  // X-Frame-Options cannot name another origin: where one is allowed, the policy alone decides.
  if (frameOptions) headers["X-Frame-Options"] = frameOptions;
  return { nonce, headers };
}
