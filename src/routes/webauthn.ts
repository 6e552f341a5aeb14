import { InvalidProvider, UnknownAction } from "../errors.js";
import { ceremoniesOf } from "../flows/webauthn-ceremonies.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { limitRequest } from "../rate-limit/requests.js";
import { findProvider } from "./guards.js";

/** `GET /webauthn-options/:id?action=&email=`: `{action, options}` for the browser, with the challenge cookie set. */
export async function webauthnOptionsRoute(ctx: AuthContext, id: string): Promise<Outcome> {
  const provider = findProvider(ctx, id);
  if (provider.type !== "webauthn") throw new InvalidProvider(`Provider "${provider.id}" is not a WebAuthn provider.`);
  await limitRequest(ctx, provider, "options");
  return ceremoniesOf(provider).options(ctx, provider);
}

/**
 * `GET /webauthn-script`: the SimpleWebAuthn browser bundle, served by sekisho itself (never a CDN) and
 * cacheable for a year. It comes with the WebAuthn provider module, so apps without WebAuthn do not carry it.
 */
export async function webauthnScriptRoute(ctx: AuthContext): Promise<Outcome> {
  const provider = ctx.config.providers.find((p) => p.type === "webauthn");
  if (!provider) throw new UnknownAction("No WebAuthn provider is configured.");
  const { browserScript, browserScriptHash } = await ceremoniesOf(provider).script();
  const etag = `"${browserScriptHash}"`;
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  const cached = ctx.request.headers.get("if-none-match")?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`);
  return { kind: "reply", status: cached ? 304 : 200, body: cached ? null : browserScript, headers, cookies: [] };
}
