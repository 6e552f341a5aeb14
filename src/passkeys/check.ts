import { DuplicateConditionalUI, ExperimentalFeatureNotEnabled, MissingWebAuthnAutocomplete } from "../configuration-errors.js";
import { needs } from "../config/store.js";
import type { MethodCheckConfig, RequestCounts, WebAuthnProviderConfig } from "../config/providers/provider-types.js";

/** The credential ID in a WebAuthn callback's `data`, which arrives as JSON text or as an object. */
function credentialId(data: unknown): unknown {
  if (typeof data !== "string") return (data as { id?: unknown } | undefined)?.id;
  try {
    return (JSON.parse(data) as { id?: unknown } | null)?.id;
  } catch {
    return undefined;
  }
}

/** What the ceremonies' requests count under: options per email address asked about, verifications per credential. */
const rateLimits: RequestCounts<WebAuthnProviderConfig> = {
  options: ({ query }) => ({ rule: "webauthnOptions", identifier: query.email }),
  callback: ({ body }) => ({ rule: "webauthnVerify", identifier: credentialId(body.data) }),
};

/**
 * The start-up check of a WebAuthn provider, the adapter methods its ceremonies call and what their requests
 * count under for rate limits: the same in the full and the Edge builds.
 */
export const webauthnChecks = {
  rateLimits,
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
  adapterMethods: needs.passkeys,
} as const;
