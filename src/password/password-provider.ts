import type { CredentialsProviderConfig, ParsedProvider } from "../config/providers/provider-types.js";
import type { ResolvedPasswordOptions } from "./password-options.js";

/** The provider `Password()` makes: a credentials provider whose users and hashes sekisho keeps. */
export interface PasswordProviderConfig extends CredentialsProviderConfig {
  password: ResolvedPasswordOptions;
}

export function isPasswordProvider(provider: ParsedProvider): provider is PasswordProviderConfig & ParsedProvider {
  return provider.type === "credentials" && typeof (provider as Partial<PasswordProviderConfig>).password === "object";
}

/** The id of the factor that holds a user's password hash. */
export const PASSWORD_ID = "password";
