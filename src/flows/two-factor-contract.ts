import type { ResolvedConfig } from "../config/resolved-config.js";
import type { TwoFactorFeatureRef } from "../config/two-factor-feature.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import type { AccountSlots, PageDescription } from "../http/page-description.js";
import type { PageText } from "../messages/locale.js";
import type { SignInGate } from "./sign-in.js";

/** The routes the second-factor feature serves under basePath: the step of a held sign-in, and the account's TOTP. */
export const twoFactorRoutes = [
  "GET /two-factor",
  "POST /two-factor",
  "GET /two-factor/passkey-options",
  "POST /account/totp",
  "POST /account/totp/confirm",
  "POST /account/totp/backup-codes",
  "POST /account/totp/disable",
] as const;

export type TwoFactorRoute = (typeof twoFactorRoutes)[number];

/** The pages only the second-factor feature shows, which its module brings. */
export type TwoFactorPageName = "twoFactor" | "totpEnrollment" | "backupCodes";

export type TwoFactorPageDescription = Extract<PageDescription, { name: TwoFactorPageName }>;

/** What the account page's second-factor section is made from. */
export type AccountSectionProps = Pick<AccountSlots, "csrfToken" | "baseUrl" | "view"> & { text: PageText };

/** A module of the feature's pages: it renders the descriptions of its pages, and the account page's section. */
export interface TwoFactorPagesModule {
  /** The account page's section (TOTP on or off, backup codes, trusted devices), as escaped markup. */
  accountSection(props: AccountSectionProps): string;
  render(
    config: ResolvedConfig,
    at: { request: Request; nonce: string },
    page: TwoFactorPageDescription,
  ): { html: string; status: number } | Promise<{ html: string; status: number }>;
}

/**
 * The second-factor feature as `sekisho/two-factor` brings it: the gate after every first factor, its routes and
 * pages, and whether a user has a second factor (a password change asks). An app that does not set `twoFactor`
 * carries none of it.
 */
export interface TwoFactorFeature extends TwoFactorFeatureRef {
  readonly gate: SignInGate;
  routes: Record<TwoFactorRoute, (ctx: AuthContext) => Promise<Outcome>>;
  pages: { load(): Promise<TwoFactorPagesModule> };
  hasSecondFactor(config: ResolvedConfig, userId: string): Promise<boolean>;
}

/** The configured second-factor feature; undefined when `twoFactor` is not set. */
export function twoFactorFeatureOf(config: ResolvedConfig): TwoFactorFeature | undefined {
  return config.twoFactor?.feature as TwoFactorFeature | undefined;
}
