import { CallbackRouteError } from "../errors.js";
import { CredentialsSignin } from "../sign-in-errors.js";
import { MissingAuthorize } from "../configuration-errors.js";
import type { AuthContext } from "../http/context.js";
import { keeping, type Outcome } from "../http/outcome.js";
import type { CredentialsProviderConfig } from "../config/providers/provider-types.js";
import type { User } from "../shared-types.js";
import { finishSignIn } from "../flows/sign-in.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import type { SignInMethod } from "../flows/sign-in-method.js";

/** `POST /callback/:id` for a credentials provider: authorize, then the shared finish. */
async function credentialsCallback(ctx: AuthContext, provider: CredentialsProviderConfig): Promise<Outcome> {
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  return keeping(cookies, () => authorized(ctx, provider, callbackUrl));
}

async function authorized(ctx: AuthContext, provider: CredentialsProviderConfig, callbackUrl: string): Promise<Outcome> {
  const credentials = ctx.body;
  let user: User | null;
  try {
    user = await provider.authorize(credentials, ctx.request);
  } catch (error) {
    if (error instanceof CredentialsSignin) throw error;
    throw new CallbackRouteError(`The authorize callback of provider "${provider.id}" threw.`, { err: error as Error });
  }
  if (!user) throw new CredentialsSignin("The authorize callback returned null.");
  const providerAccountId = user.id === undefined || user.id === null ? "" : String(user.id);
  return finishSignIn(ctx, {
    user: { ...user, id: providerAccountId || crypto.randomUUID() },
    account: { provider: provider.id, type: "credentials", providerAccountId },
    credentials,
    callbackUrl,
  });
}

/** The credentials field that names the account: the first one that is not a password. */
function accountField(provider: CredentialsProviderConfig, body: Record<string, unknown>): unknown {
  const field = Object.entries(provider.credentials ?? {}).find(([, input]) => input?.type !== "password")?.[0];
  return field ? body[field] : (body.email ?? body.username);
}

/** Sign-in with the app's own `authorize`: sekisho/providers/credentials brings it. */
export const credentialsMethod: SignInMethod<"credentials"> = {
  type: "credentials",
  callback: credentialsCallback,
  // every password try counts, against the address and the account it names
  rateLimits: { callback: ({ body }, provider) => ({ rule: "credentials", identifier: accountField(provider, body) }) },
  check(provider, where) {
    if (typeof provider.authorize !== "function") {
      throw new MissingAuthorize(
        `${where} has no \`authorize\` function. Pass \`authorize(credentials, request)\` returning a user or null.`,
      );
    }
  },
};
