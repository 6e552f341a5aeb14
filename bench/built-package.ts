/**
 * sekisho as its users run it: the built package (`npm run bench` builds it first), not the TypeScript sources
 * through tsx, whose transform names each function it creates (`__name`, a property definition), so that every
 * closure made per request cost time the package does not spend. Typed by the sources it is built from.
 */
const load = <T>(specifier: string): Promise<T> => import(specifier);

export const { createAuth } = await load<typeof import("../src/index.js")>("sekisho");
export const { encode, createJwtCodec } = await load<typeof import("../src/jwt.js")>("sekisho/jwt");
export const { signInMethods } = await load<typeof import("../src/providers/index.js")>("sekisho/providers");
export const { default: GitHub } = await load<typeof import("../src/providers/github.js")>("sekisho/providers/github");
export const { default: Credentials } = await load<typeof import("../src/providers/credentials.js")>("sekisho/providers/credentials");
export const { MemoryAdapter } = await load<typeof import("../src/adapters/memory.js")>("sekisho/adapters/memory");
export const { SQLiteAdapter } = await load<typeof import("../src/adapters/sqlite.js")>("sekisho/adapters/sqlite");
export const { PostgresAdapter, migratePostgres } = await load<typeof import("../src/adapters/postgres.js")>("sekisho/adapters/postgres");
