import { endSessionUrl } from "./end-session.js";
import { endSessionClaim, keepLatestIdToken, storedHint, tokenHint } from "./hint.js";

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0), as the OIDC method brings it: what a sign-in
 * keeps of the ID token, and where a sign-out sends the browser. An app without OIDC providers carries none of it.
 */
export const rpLogout = { claim: endSessionClaim, keepLatestIdToken, tokenHint, storedHint, url: endSessionUrl };

export type RpLogout = typeof rpLogout;
