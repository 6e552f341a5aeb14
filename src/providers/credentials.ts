import { credentialsMethod } from "../credentials/credentials-method.js";
import { signInMethod, type CredentialInput, type CredentialsProviderConfig } from "../config/providers/provider-types.js";

export type { CredentialInput };
export type { CredentialsProviderId } from "../config/providers/reference-names.js";
export type CredentialsConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>> =
  CredentialsProviderConfig<C>;

/**
 * Sign-in with arbitrary credentials checked by your `authorize(credentials, request)`.
 * Return a user to sign in, or null to refuse (the user sees `CredentialsSignin`).
 */
export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  config: Partial<CredentialsProviderConfig<C>> & Pick<CredentialsProviderConfig<C>, "authorize">,
): CredentialsProviderConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    [signInMethod]: credentialsMethod,
    credentials: {} as C,
    ...config,
  };
}
