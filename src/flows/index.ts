import type { ProviderConfig } from "../providers/types.js";
import type { ProviderType } from "../types.js";
import { credentialsCallback } from "./credentials.js";
import type { Flow } from "./flow.js";
import { emailFlow } from "./email/index.js";
import { oauthFlow } from "./oauth/index.js";
import { ceremoniesOf } from "./webauthn-ceremonies.js";

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
