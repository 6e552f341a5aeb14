import { emailProviderMethod } from "./email-provider-method.js";
import { postEmail, requireApiKey } from "./email-send.js";
import { signInMethod, type EmailProviderConfig, type EmailVerificationRequest } from "../config/providers/provider-types.js";

export interface LoopsConfig extends EmailProviderConfig {
  /**
   * The id of the transactional email, made in Loops, that carries the link: its data variable `url`.
   * @default undefined (required)
   * @example Loops({ transactionalId: "clx0abcd1234" })
   */
  transactionalId?: string;
}
export type LoopsUserConfig = Partial<LoopsConfig>;

async function sendWithLoops(params: EmailVerificationRequest): Promise<void> {
  const apiKey = requireApiKey(params.provider, "Loops");
  const { transactionalId } = params.provider as LoopsConfig;
  if (!transactionalId) {
    throw new Error(
      "Loops: no transactional email. Set the provider's `transactionalId` option to the id of a transactional email made in Loops, with a `url` data variable.",
    );
  }
  await postEmail(params, {
    service: "Loops",
    url: "https://app.loops.so/api/v1/transactional",
    headers: { Authorization: `Bearer ${apiKey}` },
    body: { transactionalId, email: params.identifier, dataVariables: { url: params.url } },
  });
}

/**
 * Magic-link sign-in with the email sent through Loops (`POST https://app.loops.so/api/v1/transactional`):
 * Loops renders its own template, given the link as the data variable `url`. The API key comes from
 * `apiKey` or `AUTH_LOOPS_KEY`.
 */
export default function Loops(config: LoopsUserConfig = {}): LoopsConfig {
  return {
    id: "loops",
    name: "Loops",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithLoops,
    options: config,
  };
}
