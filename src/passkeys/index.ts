import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { InvalidRequest } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { keeping, type Outcome } from "../http/outcome.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { clearChecks } from "../http/sealed-cookie.js";
import type { Ceremonies } from "./webauthn-ceremonies.js";
import { webauthnAssets } from "./assets.js";
import { webauthnChecks } from "./check.js";
import { authenticate } from "./authenticate.js";
import { webauthnOptions } from "./options.js";
import { register } from "./register.js";
import { readCeremonyResponse } from "./ceremony-response.js";
import { passkeySecondFactor } from "./second-factor.js";

/** `POST /callback/:id` with `{action, data}`: `data` is the JSON of the browser's ceremony result. */
async function webauthnCallback(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<Outcome> {
  if (ctx.request.method !== "POST") throw new InvalidRequest("A WebAuthn callback is a POST of `action` and `data`.");
  const { action, data } = ctx.body;
  if (action === "register") {
    const response = readCeremonyResponse<RegistrationResponseJSON>(data);
    return keeping(clearChecks(ctx, ["webauthnChallenge"]), () => register(ctx, provider, response));
  }
  if (action === "authenticate") {
    const response = readCeremonyResponse<AuthenticationResponseJSON>(data);
    return keeping(clearChecks(ctx, ["webauthnChallenge"]), () => authenticate(ctx, provider, response));
  }
  throw new InvalidRequest('`action` must be "register" or "authenticate".');
}

/** Attached, with the passkey view, to WebAuthn providers by `sekisho/providers/webauthn` and `sekisho/providers/passkey`. */
export const ceremonies: Omit<Ceremonies, "view"> = {
  type: "webauthn",
  options: webauthnOptions,
  callback: webauthnCallback,
  secondFactor: passkeySecondFactor,
  ...webauthnAssets,
  ...webauthnChecks,
};
