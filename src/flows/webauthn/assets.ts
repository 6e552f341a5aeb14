import type { WebAuthnCeremonies } from "../../providers/types.js";

/** What a WebAuthn provider serves besides its ceremonies: the browser helper and the sign-in page's passkey parts. */
export const webauthnAssets: Pick<WebAuthnCeremonies, "script" | "view"> = {
  script: () => import("./browser-script.js"),
  view: () => import("../../../pages/webauthn.js"),
};
