import { InvalidProvider } from "../errors.js";
import type { Ceremonies } from "./webauthn-ceremonies.js";
import { webauthnAssets } from "./assets.js";
import { webauthnChecks } from "./check.js";

function unavailable(): never {
  throw new InvalidProvider(
    "WebAuthn registration and sign-in need @simplewebauthn/server, which Edge runtimes cannot load. Serve the auth routes from the Node.js runtime; middleware needs no ceremonies.",
  );
}

/**
 * The ceremonies of a WebAuthn provider loaded in an Edge runtime. Middleware only reads sessions, so it
 * never calls them; an auth route on the Edge runtime that does gets a configuration error.
 */
export const edgeCeremonies: Omit<Ceremonies, "view"> = {
  type: "webauthn",
  options: async () => unavailable(),
  callback: async () => unavailable(),
  secondFactor: { options: async () => unavailable(), verify: async () => unavailable() },
  ...webauthnAssets,
  ...webauthnChecks,
};
