import type { AuthContext } from "./context.js";

/** A browser navigating (or posting a form), rather than a script that reads JSON. */
export function wantsPage(ctx: AuthContext): boolean {
  return ctx.overHttp && /\btext\/html\b/i.test(ctx.request.headers.get("accept") ?? "");
}
