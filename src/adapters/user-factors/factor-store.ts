/**
 * What sekisho keeps for a user beyond the Auth.js tables: second factors (TOTP), backup codes, trusted
 * devices, password hashes, and the names and times of passkeys (the Auth.js authenticator has none). Nothing here is a secret in the clear: a TOTP seed is encrypted with the app's
 * secret, a backup code and a password are hashed. Times are milliseconds since the epoch.
 */
export type FactorKind = "totp" | "backup-code" | "trusted-device" | "password" | "passkey";

/** One factor of a user, as a store keeps it. */
export interface UserFactor {
  userId: string;
  kind: FactorKind;
  /** Unique per user and kind: a TOTP factor's id, a backup code's hash, a device's id, "password", a passkey's credential ID. */
  id: string;
  /** What the feature stores: an encrypted seed, a hash with its parameters, a device's digest. */
  secret: string;
  /** A name the user gave or a short description ("Firefox on Linux"). */
  label?: string;
  createdAt: number;
  lastUsedAt?: number;
  /** When the factor stops counting (a trusted device, an enrollment not yet confirmed); absent: never. */
  expires?: number;
  /** False while an enrollment waits for its first code. */
  confirmed: boolean;
}

/**
 * Where a user's factors are kept. Every sekisho adapter carries one as `userFactors`; the `userFactors` option
 * gives one to an app whose adapter has none.
 */
export interface UserFactorStore {
  /** Creates the factor, or replaces the one with the same user, kind and id. */
  put(factor: UserFactor): Promise<void>;
  /** The user's unexpired factors, of one kind when given, oldest first. */
  list(userId: string, kind?: FactorKind): Promise<UserFactor[]>;
  /** One unexpired factor, or null. */
  get(userId: string, kind: FactorKind, id: string): Promise<UserFactor | null>;
  /**
   * Deletes the factor and says whether this call deleted it: one atomic step in the store, so that of two
   * concurrent calls for one backup code only one answers true.
   */
  take(userId: string, kind: FactorKind, id: string): Promise<boolean>;
  /** Moves `lastUsedAt`; nothing when there is no such factor. */
  touch(userId: string, kind: FactorKind, id: string, lastUsedAt: number): Promise<void>;
  /** Deletes the user's factors, of one kind when given; returns how many. */
  removeAll(userId: string, kind?: FactorKind): Promise<number>;
}

/** sekisho's own adapters carry a factor store on their database. A type, not an interface: adapters stay assignable to records. */
export type AdapterUserFactors = { userFactors: UserFactorStore };

export function withUserFactors<A extends object>(adapter: A, userFactors: UserFactorStore): A & AdapterUserFactors {
  return Object.assign(adapter, { userFactors });
}

const storeMethods = ["put", "list", "get", "take", "touch", "removeAll"] as const;

export function isUserFactorStore(value: unknown): value is UserFactorStore {
  return (
    typeof value === "object" &&
    value !== null &&
    storeMethods.every((m) => typeof (value as Record<string, unknown>)[m] === "function")
  );
}

export function adapterUserFactors(adapter: unknown): UserFactorStore | undefined {
  const store = (adapter as Partial<AdapterUserFactors> | undefined)?.userFactors;
  return isUserFactorStore(store) ? store : undefined;
}
