import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { InvalidRequest } from "../../errors.js";
import type { AuthContext } from "../../http/context.js";
import type { WebAuthnCeremonies, WebAuthnProviderConfig } from "../../providers/types.js";
import { webauthnAssets } from "./assets.js";
import { authenticate } from "./authenticate.js";
import { webauthnOptions } from "./options.js";
import { register } from "./register.js";
import { readCeremonyResponse } from "./response.js";

/** `POST /callback/:id` with `{action, data}`: `data` is the JSON of the browser's ceremony result. */
async function webauthnCallback(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<Response> {
  if (ctx.request.method !== "POST") throw new InvalidRequest("A WebAuthn callback is a POST of `action` and `data`.");
  const { action, data } = ctx.body;
  if (action === "register") return register(ctx, provider, readCeremonyResponse<RegistrationResponseJSON>(data));
  if (action === "authenticate") return authenticate(ctx, provider, readCeremonyResponse<AuthenticationResponseJSON>(data));
  throw new InvalidRequest('`action` must be "register" or "authenticate".');
}

/** Attached to WebAuthn providers by `sekisho/providers/webauthn` and `sekisho/providers/passkey`. */
export const ceremonies: WebAuthnCeremonies = {
  type: "webauthn",
  options: webauthnOptions,
  callback: webauthnCallback,
  ...webauthnAssets,
};
