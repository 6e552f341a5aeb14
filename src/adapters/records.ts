import type { AdapterUser } from "./adapter-contract.js";

/** The user as stored: a fresh id, and explicit nulls for the optional contract fields. */
export function newUser(user: AdapterUser): AdapterUser {
  return {
    ...user,
    id: crypto.randomUUID(),
    name: user.name ?? null,
    image: user.image ?? null,
    emailVerified: user.emailVerified ?? null,
  };
}

/** The fields of an update that are actually given; `undefined` means "leave as is". */
export function givenFields<T extends object>(update: T): Partial<T> {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** One string key for a pair, unambiguous whatever characters the parts hold. */
export function pairKey(first: string, second: string): string {
  return JSON.stringify([first, second]);
}
