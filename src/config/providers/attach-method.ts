import { signInMethod, type ParsedProvider, type ProviderConfig, type SignInMethods } from "./provider-types.js";

/**
 * The provider with the sign-in method of its type: the one its module attached, else, for a provider written
 * as a plain object, the instance's method for that type. Without either it stays without one, which the
 * validation turns into a configuration error naming the module to create it with.
 */
export function withSignInMethod<P extends ParsedProvider>(provider: P, methods: SignInMethods): P {
  if (provider[signInMethod]?.type === provider.type) return provider;
  const method = methods[provider.type];
  return method ? { ...provider, [signInMethod]: method } : provider;
}

/** The provider modules that bring each type's method. */
const modulesFor: Partial<Record<string, string>> = {
  oauth: 'a provider module from "sekisho/providers/<name>"',
  oidc: 'OIDC() from "sekisho/providers/oidc" (or the provider\'s own module)',
  email:
    'Nodemailer(), Resend(), SendGrid() or Postmark() from "sekisho/providers/<name>", with your `sendVerificationRequest` as an option',
  credentials: 'Credentials() from "sekisho/providers/credentials"',
  webauthn: 'WebAuthn() from "sekisho/providers/webauthn" or Passkey() from "sekisho/providers/passkey"',
};

/** Why a provider has no sign-in method, and the fix. */
export function missingMethodMessage(where: string, provider: ProviderConfig): string {
  const fix = modulesFor[provider.type];
  if (!fix)
    return `${where} has type ${JSON.stringify(provider.type)}, which no sign-in method serves: use "oauth", "oidc", "email", "credentials" or "webauthn".`;
  return `${where} is a plain "${provider.type}" object, and only the provider modules bring that sign-in method. Create it with ${fix}, or pass \`methods: signInMethods\` from "sekisho/providers" to accept plain objects of every type (the Next.js and SvelteKit entries do).`;
}
