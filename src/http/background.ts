import type { AuthContext } from "./context.js";

/**
 * Work the answer must not wait for, such as a mail whose sending time would tell whether an address has an
 * account: handed to the platform's `waitUntil` where the request has one (Workers), else left running (Node
 * keeps a process alive while it runs). Its failure is logged, never unhandled.
 */
export function inBackground(ctx: AuthContext, task: Promise<unknown>): void {
  const settled = task.then(
    () => undefined,
    (error: unknown) => ctx.config.logger.error(error instanceof Error ? error : new Error(String(error))),
  );
  ctx.waitUntil?.(settled);
}
