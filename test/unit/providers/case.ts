import type { TokenSet, User } from "../../../src/shared-types.js";
import type { OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";
import type { Answers, RecordedRequest } from "./fake-api.js";

/** What one built-in provider is expected to be, with a realistic payload from its API. */
export interface ProviderCase {
  provider: (options?: any) => OAuthProviderConfig<any>;
  id: string;
  name: string;
  type: "oauth" | "oidc";
  /** Options the provider cannot do without, e.g. the `issuer` of a self-hosted one. */
  options?: Record<string, unknown>;
  /** The option naming a self-hosted instance; changing it must move every endpoint. */
  baseOption?: "issuer" | "baseUrl";
  /** oauth: the hosts every endpoint lives on (subdomains included). */
  hosts?: string[];
  /** oidc: the issuer in use, whether built in or taken from `options`. */
  issuer?: string;
  /** The profile as the provider's userinfo request (or ID token) gives it. */
  payload: Record<string, unknown>;
  tokens?: TokenSet;
  /** The expected result of `profile(payload, tokens)`. */
  user: User;
  /** For providers with their own userinfo request: what the provider's API answers, and the request it must get. */
  api?: {
    tokens: TokenSet;
    answers: Answers;
    check?: (requests: RecordedRequest[]) => void;
  };
}

export function defineCase(value: ProviderCase): ProviderCase {
  return value;
}
