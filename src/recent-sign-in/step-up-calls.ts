import type { Context } from "hono";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import { type OutCookie, withSetCookies } from "../http/cookies.js";
import { unwrapFailure } from "../http/outcome.js";
import { strategyOf, type SignInProof } from "../session/strategy.js";
import { isRecentProof, recentSignInRequired, signInAgainUrl, type RecentSignInOptions } from "./step-up.js";

interface Deps {
  resolve(request?: Request, c?: Context): Promise<ResolvedConfig>;
  context(config: ResolvedConfig, request: Request): Promise<AuthContext>;
}

function logged(config: ResolvedConfig | undefined, thrown: unknown): void {
  const { error } = unwrapFailure(thrown);
  try {
    config?.logger.error(error instanceof Error ? error : new Error(String(error)));
  } catch {
    // a logger that throws must not turn a failed check into an exception
  }
}

/** A request a browser made for a page (or a form post), rather than a script reading JSON. */
function fromBrowserPage(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

/**
 * The app's side of step-up: when and how the request's user last proved who they are, and the check a sensitive
 * route of the app runs first. Both fail closed: an error reads as no proof, logged.
 */
export function stepUpCalls(deps: Deps) {
  async function signInProof(request: Request, c?: Context): Promise<SignInProof | null> {
    let config: ResolvedConfig | undefined;
    try {
      config = await deps.resolve(request, c);
      return (await strategyOf(config).proof(await deps.context(config, request))).proof ?? null;
    } catch (thrown) {
      logged(config, thrown);
      return null;
    }
  }

  async function requireRecentSignIn(request: Request, options: RecentSignInOptions = {}, c?: Context): Promise<Response | null> {
    let config: ResolvedConfig | undefined;
    let ctx: AuthContext | undefined;
    let cookies: OutCookie[] = [];
    try {
      config = await deps.resolve(request, c);
      ctx = await deps.context(config, request);
      const read = await strategyOf(config).proof(ctx);
      cookies = read.cookies;
      if (read.proof && isRecentProof(read.proof, options.maxAge ?? config.account.recentSignIn)) return null;
    } catch (thrown) {
      logged(config, thrown);
    }
    const headers = { "Cache-Control": "no-store" };
    const refusal =
      ctx && fromBrowserPage(request)
        ? new Response(null, { status: 303, headers: { ...headers, Location: signInAgainUrl(ctx, options.returnTo) } })
        : Response.json({ error: recentSignInRequired }, { status: 403, headers });
    return withSetCookies(refusal, cookies);
  }

  return { signInProof, requireRecentSignIn };
}
