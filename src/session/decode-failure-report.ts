import { JWTSessionError } from "../errors.js";
import type { LoggerInstance } from "../logger.js";
import type { Memo } from "../memo.js";

const reportedKey = Symbol.for("sekisho.decodeFailuresReported");
/** How long a kind of failure, once reported, stays quiet (its repeats go to debug). */
export const decodeFailureInterval = 10 * 60_000;
/** How many kinds are remembered; a kind beyond them, while all are recent, goes to debug only. */
const maxKinds = 16;

/**
 * Reports a session cookie that would not decode to `logger.error`, as the reference does, so an app's
 * monitoring sees a rotated-away secret or a broken custom `jwt.decode`. Anyone can send such a cookie, so
 * each kind of failure (its message) is reported once per interval per instance; repeats are debug lines.
 */
export function reportDecodeFailure(runtime: { memo: Memo }, logger: LoggerInstance, error: unknown): void {
  const reported = runtime.memo(reportedKey, () => new Map<string, number>());
  const cause = error instanceof Error ? error : new Error(String(error));
  const kind = `${cause.name}: ${cause.message}`.slice(0, 200);
  const now = Date.now();
  for (const [known, at] of reported) if (now - at >= decodeFailureInterval) reported.delete(known);
  if (reported.has(kind) || reported.size >= maxKinds) {
    logger.debug("session token could not be decoded", { reason: kind });
    return;
  }
  reported.set(kind, now);
  logger.error(new JWTSessionError("The session cookie could not be decoded; it was cleared.", { err: cause }));
}
