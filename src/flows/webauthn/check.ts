import { DuplicateConditionalUI, ExperimentalFeatureNotEnabled, MissingWebAuthnAutocomplete } from "../../errors.js";
import type { MethodCheckConfig, WebAuthnProviderConfig } from "../../config/providers/types.js";

/** The start-up check of a WebAuthn provider, and the adapter methods its ceremonies call. */
export const webauthnChecks = {
  check(provider: WebAuthnProviderConfig, where: string, config: MethodCheckConfig): void {
    if (config.providers.filter((p) => p.type === "webauthn" && p.enableConditionalUI).length > 1) {
      throw new DuplicateConditionalUI(
        "More than one WebAuthn provider has enableConditionalUI; the browser offers passkeys in one place only. Keep it on one provider.",
      );
    }
    const { enableConditionalUI, formFields } = provider;
    const autocompletes = Object.values(formFields ?? {}).map((field) => String(field.autocomplete ?? ""));
    if (enableConditionalUI && formFields && !autocompletes.some((value) => value.split(/\s+/).includes("webauthn"))) {
      throw new MissingWebAuthnAutocomplete(
        `${where} enables conditional UI, but none of its formFields has "webauthn" in its autocomplete. Add autocomplete: "username webauthn" to the field that holds the user's name or email.`,
      );
    }
    if (!config.experimental.enableWebAuthn) {
      throw new ExperimentalFeatureNotEnabled(
        `${where} is a WebAuthn provider, which is experimental. Set \`experimental: { enableWebAuthn: true }\` to use it.`,
      );
    }
  },
  adapterMethods: [
    "getAccount",
    "getAuthenticator",
    "createAuthenticator",
    "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter",
    "createVerificationToken",
    "useVerificationToken",
  ],
} as const;
