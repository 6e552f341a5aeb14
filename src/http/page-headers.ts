import { randomHex } from "../crypto.js";

export interface PageHeaders {
  /** The page, its every `<script>` carrying the response's nonce. */
  html: string;
  headers: Record<string, string>;
}

/**
 * What keeps a built-in page from running foreign script or being framed by another site (clickjacking):
 * a Content-Security-Policy whose scripts are only those the page itself carries, under a fresh nonce, and
 * whose frame ancestors are the configured origins (none by default), with X-Frame-Options to match for
 * browsers that predate frame-ancestors. Every `<script` in the page is one of ours: text a page shows is
 * escaped, so it never holds a `<`.
 */
export function pageHeaders(html: string, frameAncestors: readonly string[], origin: string | undefined): PageHeaders {
  const nonce = randomHex(16);
  const policy = [
    `script-src 'nonce-${nonce}'`,
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'"}`,
  ].join("; ");
  const headers: Record<string, string> = { "Content-Security-Policy": policy };
  const frameOptions =
    frameAncestors.length === 0 ? "DENY" : frameAncestors.every((allowed) => allowed === origin) ? "SAMEORIGIN" : undefined;
  // X-Frame-Options cannot name another origin: where one is allowed, the policy alone decides.
  if (frameOptions) headers["X-Frame-Options"] = frameOptions;
  return { html: html.replaceAll("<script", `<script nonce="${nonce}"`), headers };
}
