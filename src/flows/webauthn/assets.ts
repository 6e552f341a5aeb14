import type { WebAuthnCeremonies } from "../../providers/types.js";

/**
 * What a WebAuthn provider serves besides its ceremonies: the browser helper. The sign-in page's passkey
 * parts are a view, which the provider module adds (providers/webauthn-config.ts).
 */
export const webauthnAssets: Pick<WebAuthnCeremonies, "script"> = {
  script: () => import("./browser-script.js"),
};
