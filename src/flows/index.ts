import type { AuthContext } from "../http/context.js";
import type { ProviderConfig } from "../providers/types.js";
import type { ProviderType } from "../types.js";
import { credentialsCallback } from "./credentials.js";
import { emailFlow } from "./email/index.js";
import { oauthFlow } from "./oauth/index.js";
import { ceremoniesOf } from "./webauthn-ceremonies.js";

/** What a flow does for a provider `P`; `flowFor` hands each flow only providers of its type. */
export interface Flow<P extends ProviderConfig = ProviderConfig> {
  /** `POST /signin/:id`: start the sign-in (send the user to the IdP, email the link). */
  signIn?(ctx: AuthContext, provider: P): Promise<Response>;
  /** `GET|POST /callback/:id`: complete it. */
  callback?(ctx: AuthContext, provider: P): Promise<Response>;
}

/** The flow behind each provider type. */
export const flows: { [T in ProviderType]?: Flow<ProviderConfig & { type: T }> } = {
  credentials: { callback: credentialsCallback },
  oauth: oauthFlow,
  oidc: oauthFlow,
  email: emailFlow,
  webauthn: { callback: (ctx, provider) => ceremoniesOf(provider).callback(ctx, provider) },
};

export function flowFor(provider: ProviderConfig): Flow {
  return flows[provider.type] ?? {};
}
