import { customFetch } from "../config/providers/provider-types.js";
import type { AuthContext } from "../http/context.js";
import { twoFactorFeatureOf } from "../flows/two-factor-contract.js";
import { policyRefusal, refusalMessages, type PolicyRefusal } from "./password-policy.js";
import type { PasswordProviderConfig } from "./password-provider.js";

export interface Refused {
  status: number;
  error: PolicyRefusal;
  message: string;
  minLength: number;
}

/** Undefined when the user may choose `password`; otherwise the refusal to answer. */
export async function checkNewPassword(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  password: string,
  { email, userId }: { email: string; userId?: string },
): Promise<Refused | undefined> {
  // a second factor counts only where sign-in asks for it
  const secondFactors = twoFactorFeatureOf(ctx.config);
  const hasSecondFactor = Boolean(secondFactors && userId && (await secondFactors.hasSecondFactor(ctx.config, userId)));
  const fetchFn = (provider as { [customFetch]?: typeof fetch })[customFetch] ?? fetch;
  const refusal = await policyRefusal(provider.password, password, { email, hasSecondFactor, fetch: fetchFn });
  if (!refusal) return undefined;
  const { minLength } = provider.password.policy;
  return {
    status: refusal === "PasswordCheckUnavailable" ? 503 : 400,
    error: refusal,
    message: refusalMessages[refusal],
    minLength: hasSecondFactor ? minLength.withSecondFactor : minLength.alone,
  };
}
