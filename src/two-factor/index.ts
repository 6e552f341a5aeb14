import type { TwoFactorFeature } from "../flows/two-factor-contract.js";
import { confirmTotpRoute, disableTotpRoute, regenerateBackupCodesRoute, startTotpRoute } from "./enrollment-routes.js";
import { confirmedTotp } from "./factor-check.js";
import { twoFactorGate } from "./second-factor-gate.js";
import { twoFactorPageRoute, twoFactorPasskeyOptionsRoute, twoFactorSubmitRoute } from "./step-routes.js";
import { resolveTwoFactorOptions, type TwoFactorOptions } from "./two-factor-options.js";

export type { TwoFactorOptions, TrustedDevicesOptions, TwoFactorRequired } from "./two-factor-options.js";

/**
 * Second factors (`sekisho/two-factor`): users may enroll TOTP (an authenticator app) with backup codes, and a user
 * who has one gives it after every first factor. Set it as the configuration's `twoFactor`; its options are checked
 * when createAuth resolves the configuration. Needs one of sekisho's adapters.
 * @example
 * ```ts
 * import { twoFactor } from "sekisho/two-factor";
 * createAuth({ adapter, providers, twoFactor: twoFactor({ issuer: "Example" }) });
 * ```
 */
export function twoFactor(options: TwoFactorOptions = {}): TwoFactorFeature {
  return {
    feature: "two-factor",
    gate: twoFactorGate,
    resolve: (factorStore) => resolveTwoFactorOptions(options, factorStore),
    routes: {
      "GET /two-factor": twoFactorPageRoute,
      "POST /two-factor": twoFactorSubmitRoute,
      "GET /two-factor/passkey-options": twoFactorPasskeyOptionsRoute,
      "POST /account/totp": startTotpRoute,
      "POST /account/totp/confirm": confirmTotpRoute,
      "POST /account/totp/backup-codes": regenerateBackupCodesRoute,
      "POST /account/totp/disable": disableTotpRoute,
    },
    pages: { load: () => import("../../pages/two-factor-view.js") },
    hasSecondFactor: async (config, userId) => (await confirmedTotp(config, userId)) !== null,
  };
}
