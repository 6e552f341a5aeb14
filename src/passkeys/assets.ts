import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import type { Ceremonies } from "./webauthn-ceremonies.js";

/**
 * The SimpleWebAuthn browser bundle, served by sekisho itself (never a CDN) and cacheable for a year. It comes
 * with the WebAuthn provider module, so apps without WebAuthn do not carry it.
 */
async function browserScriptReply(ctx: AuthContext): Promise<Outcome> {
  const { browserScript, browserScriptHash } = await import("./browser-script.js");
  const etag = `"${browserScriptHash}"`;
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  const cached = ctx.request.headers
    .get("if-none-match")
    ?.split(/\s*,\s*/)
    .some((tag) => tag === etag || tag === `W/${etag}`);
  return { kind: "reply", status: cached ? 304 : 200, body: cached ? null : browserScript, headers, cookies: [] };
}

/**
 * What a WebAuthn provider serves besides its ceremonies: the browser helper. The sign-in page's passkey
 * parts are a view, which the provider module adds (providers/webauthn-config.ts).
 */
export const webauthnAssets: Pick<Ceremonies, "script"> = { script: browserScriptReply };
