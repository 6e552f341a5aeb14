"use client";
/**
 * `sekisho/webauthn`: next-auth/webauthn's `signIn`, for a passkey sign-in started from the app's own page.
 * For a passkey (WebAuthn) provider it asks the server for the ceremony's options, runs the ceremony in the
 * browser with @simplewebauthn/browser (the app installs it, as for next-auth), and posts the result; any
 * other provider signs in as with sekisho/react's `signIn`. The server decides between signing in with a
 * known passkey and registering a new one; `{ action: "register" }` asks for registration (for the signed-in
 * user, or with `email` for a new account).
 *
 * @example
 * ```tsx
 * "use client";
 * import { signIn } from "sekisho/webauthn";
 *
 * <button onClick={() => signIn("passkey")}>Sign in with a passkey</button>
 * <button onClick={() => signIn("passkey", { action: "register" })}>Add a passkey</button>
 * ```
 */
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { AuthClient } from "../client/index.js";
import { providerClient } from "../react/provider-client.js";

type OptionsAnswer =
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON };

/** The ceremony the server asks for, run in the browser: the fields the provider's callback takes. */
async function passkeyCeremony(optionsUrl: string): Promise<Record<string, string>> {
  const response = await fetch(optionsUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`sekisho: GET ${optionsUrl} answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as OptionsAnswer;
  const result =
    answer.action === "authenticate"
      ? await startAuthentication({ optionsJSON: answer.options })
      : await startRegistration({ optionsJSON: answer.options });
  return { action: answer.action, data: JSON.stringify(result) };
}

/**
 * Signs in with `provider` at the SessionProvider's basePath (`/api/auth` without one); a passkey provider runs
 * its ceremony first. Redirects unless `redirect: false`, which resolves to `{ ok, status, error, code, url }`.
 */
export const signIn: AuthClient["signIn"] = (...args) => providerClient({ passkeyCeremony }).signIn(...args);
