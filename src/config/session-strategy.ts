import type { AdapterMethod } from "../adapters/adapter-contract.js";
import type { Store } from "./store.js";

/**
 * What the configuration knows of a session strategy: what it needs at start-up. The session layer's
 * `SessionStrategy` (`session/strategy.ts`) adds what it does; `resolveConfig` picks one by `session.strategy`
 * and keeps it on the resolved configuration, so that nothing else asks which strategy is configured.
 */
export interface SessionStrategyRef {
  readonly name: "jwt" | "database";
  /** The adapter methods it calls, given the configured providers' types. */
  adapterMethods(providerTypes: ReadonlySet<string>): readonly AdapterMethod[];
  /** What needs a database, as the start-up error names it, when the strategy itself does. */
  readonly needsAdapter?: string;
  /** The seconds one issue of a session lasts: `session.maxAge` or `jwt.maxAge`. */
  issueMaxAge(maxAges: { session: number; jwt: number }): number;
  /** Whether it knows when each session signed in, with this store (`session.absoluteMaxAge` needs it). */
  knowsSignInTime(store: Store): boolean;
  /** Whether `getAccessToken` can find a user's provider tokens in this store. */
  reachesProviderTokens(store: Store): boolean;
}

/** The strategies by name, as `createAuth` hands them to `resolveConfig`. */
export type SessionStrategies = Readonly<Record<SessionStrategyRef["name"], SessionStrategyRef>>;
