import { InvalidProvider, UnknownAction } from "../errors.js";
import { ceremoniesOf } from "./webauthn-ceremonies.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { limitRequest } from "../rate-limit/limit-request.js";
import { findProvider } from "../flows/sign-in-method.js";

/** `GET /webauthn-options/:id?action=&email=`: `{action, options}` for the browser, with the challenge cookie set. */
export async function webauthnOptionsRoute(ctx: AuthContext, id: string): Promise<Outcome> {
  const provider = findProvider(ctx, id);
  if (provider.type !== "webauthn") throw new InvalidProvider(`Provider "${provider.id}" is not a WebAuthn provider.`);
  await limitRequest(ctx, provider, "options");
  return ceremoniesOf(provider).options(ctx, provider);
}

/** `GET /webauthn-script`: the browser helper, which the WebAuthn provider's ceremonies serve. */
export async function webauthnScriptRoute(ctx: AuthContext): Promise<Outcome> {
  const provider = ctx.config.providers.find((p) => p.type === "webauthn");
  if (!provider) throw new UnknownAction("No WebAuthn provider is configured.");
  return ceremoniesOf(provider).script(ctx);
}
