import { InvalidProvider, MissingCSRF } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import type { ParsedProvider } from "../config/providers/provider-types.js";

/** Double-submit check for state-changing POSTs over HTTP; a server call has no token (see `checksCsrf`). */
export async function requireCsrf(ctx: AuthContext): Promise<void> {
  if (!ctx.checksCsrf || ctx.config.skipCSRFCheck) return;
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("The CSRF token is missing or does not match the cookie.");
}

export function findProvider(ctx: AuthContext, id: string | undefined): ParsedProvider {
  const provider = id ? ctx.config.providers.find((p) => p.id === id) : undefined;
  if (!provider) throw new InvalidProvider(`There is no provider with id "${String(id).slice(0, 64)}".`);
  return provider;
}
