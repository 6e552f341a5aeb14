import type { AuthContext } from "./context.js";

/** Cloudflare Workers and the Edge runtime (Next.js, Vercel) cut off work a request left running unless `waitUntil` holds it. */
function cutsOffLateWork(): boolean {
  return globalThis.navigator?.userAgent === "Cloudflare-Workers" || typeof Reflect.get(globalThis, "EdgeRuntime") === "string";
}

/**
 * Work the answer should not wait for, such as a mail whose sending time would tell whether an address has an
 * account: handed to the platform's `waitUntil` where the request has one (Workers), else left running (Node keeps
 * a process alive while it runs). On Workers without `waitUntil` (`auth.fetch(request, env)` without the
 * ExecutionContext), and in the Edge runtime, it is awaited instead, so that the mail is not lost. Its failure is logged, never unhandled.
 */
export async function inBackground(ctx: AuthContext, task: Promise<unknown>): Promise<void> {
  const settled = task.then(
    () => undefined,
    (error: unknown) => ctx.config.logger.error(error instanceof Error ? error : new Error(String(error))),
  );
  if (ctx.waitUntil) ctx.waitUntil(settled);
  else if (cutsOffLateWork()) await settled;
}
