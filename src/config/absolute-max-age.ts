import { MissingAdapter, UnsupportedStrategy } from "../configuration-errors.js";
import { defaultAbsoluteMaxAge } from "./defaults.js";
import type { SessionStrategyRef } from "./session-strategy.js";
import type { Store } from "./store.js";

/**
 * `session.absoluteMaxAge` as resolved. The default never cuts a session short of one `maxAge` of the strategy, and
 * under the database strategy a reference adapter has nowhere to keep a session's sign-in time (sekisho's session
 * records do), so there the default is off and a value set by the app is refused.
 */
export function resolveAbsoluteMaxAge(
  given: number | undefined,
  strategy: SessionStrategyRef,
  strategyMaxAge: number,
  store: Store,
): number {
  const unrecorded = !strategy.knowsSignInTime(store);
  if (given === undefined) return unrecorded ? Number.POSITIVE_INFINITY : Math.max(defaultAbsoluteMaxAge, strategyMaxAge);
  if (typeof given !== "number" || Number.isNaN(given) || given < 1) {
    throw new UnsupportedStrategy(
      `session.absoluteMaxAge must be a number of seconds ≥ 1, or Infinity to turn it off; got ${String(given)}.`,
    );
  }
  if (unrecorded && given !== Number.POSITIVE_INFINITY) {
    throw new MissingAdapter(
      "session.absoluteMaxAge under the database strategy needs an adapter that records when each session signed in: sekisho's own adapters (Memory, SQLite, PostgreSQL, MySQL, D1, Redis) do. Use one of them, the jwt strategy, or remove session.absoluteMaxAge.",
    );
  }
  return given;
}
