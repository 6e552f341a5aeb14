import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { resolveCallbackUrl } from "../http/callback-url.js";
import type { AuthContext } from "../http/context.js";
import { keeping, type Outcome } from "../http/outcome.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { finishSignIn } from "../flows/sign-in.js";
import { verifyAssertion } from "./assertion.js";

/** `POST /callback/:id` with `action=authenticate`: verifies the assertion, then signs in through the shared finish. */
export async function authenticate(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  response: AuthenticationResponseJSON,
): Promise<Outcome> {
  const { user, account, userVerified } = await verifyAssertion(ctx, provider, response);
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () => finishSignIn(ctx, { user, account, callbackUrl, userVerified }));
}
