import { type AuthContext, requireCsrf } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { flowFor, findProvider } from "../flows/sign-in-method.js";
import { InvalidProvider } from "../errors.js";
import { limitRequest } from "../rate-limit/limit-request.js";

/** `GET|POST /callback/:id`: the provider's flow completes. Credentials sign-in is a POST over HTTP (or a server call), CSRF-checked. */
export async function callbackRoute(ctx: AuthContext, id: string): Promise<Outcome> {
  const provider = findProvider(ctx, id);
  const flow = flowFor(provider);
  if (!flow.callback) throw new InvalidProvider(`Provider "${provider.id}" has no callback.`);
  if (provider.type === "credentials" && ctx.overHttp && ctx.request.method !== "POST")
    throw new InvalidProvider("Credentials sign-in is a POST.");
  if (ctx.request.method === "POST" && provider.type !== "oauth" && provider.type !== "oidc") await requireCsrf(ctx);
  await limitRequest(ctx, provider, "callback");
  return flow.callback(ctx, provider);
}
