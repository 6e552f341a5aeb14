import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/config-types.js";
import { countWaysIn, waysIn } from "./ways-in.js";

/** One way in to take off a user: how, and how to put it back. */
export interface Removal {
  /** Whether what goes counts as a way in (an account of a provider no longer configured does not). */
  isWayIn: boolean;
  remove(): Promise<void>;
  restore(): Promise<void>;
}

/**
 * Removes a way in unless it is the user's last. Two removals racing (two tabs, two instances) can each see
 * another way left before either removes; so each counts again after its own removal, and one that finds none
 * left puts back what it removed. Of any number of racing removals the last to count sees what all the others
 * left, so the user always keeps one way in; at worst both racers put theirs back and are refused.
 */
export async function removeKeepingAWayIn(
  config: ResolvedConfig,
  user: AdapterUser,
  removal: Removal,
): Promise<"removed" | "lastWayIn"> {
  if (removal.isWayIn && countWaysIn(await waysIn(config, user)) <= 1) return "lastWayIn";
  await removal.remove();
  if (!removal.isWayIn || countWaysIn(await waysIn(config, user)) > 0) return "removed";
  await removal.restore();
  return "lastWayIn";
}
