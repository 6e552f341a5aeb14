import { randomHex } from "../crypto.js";
import type { AuthContext } from "../http/context.js";

/** The salt of state values that carry a redirect-proxy origin; the same on every deployment sharing the secret. */
const stateSalt = "sekisho.oauth-state";
const stateMaxAge = 15 * 60;

/**
 * A state value. Behind a redirect proxy it is a JWE naming this deployment's callback URL, so the
 * stable deployment that receives the callback can send it on; otherwise plain random.
 */
export async function createState(ctx: AuthContext, returnTo?: string): Promise<string> {
  const random = randomHex(32);
  if (!returnTo) return random;
  const { codec } = ctx.config.runtime;
  return codec.encode({ token: { random, origin: returnTo }, secret: ctx.config.secrets, salt: stateSalt, maxAge: stateMaxAge });
}

/** The callback URL a proxied state names, when it can be decrypted with our secret. */
export async function stateReturnUrl(ctx: AuthContext, state: string): Promise<string | undefined> {
  if (state.split(".").length !== 5) return undefined;
  try {
    const payload = await ctx.config.runtime.codec.decode({ token: state, secret: ctx.config.secrets, salt: stateSalt });
    return typeof payload?.origin === "string" ? payload.origin : undefined;
  } catch {
    return undefined;
  }
}
