/**
 * A Miniflare D1 database with the tables `@auth/d1-adapter` makes with its own `up(db)`, the step its
 * users run. `up` starts its CREATE TABLE statements without awaiting them (1.11.3), so the promise it
 * returns says nothing about the tables: this waits until all four exist.
 */
import { up } from "@auth/d1-adapter";
import { Miniflare } from "miniflare";

export const authjsD1Tables = ["users", "accounts", "sessions", "verification_tokens"] as const;

export interface AuthjsD1Database {
  db: Awaited<ReturnType<Miniflare["getD1Database"]>>;
  dispose(): Promise<void>;
}

/** Runs `up(db)` on a D1 database and waits until its four tables exist. */
export async function createAuthjsD1Tables(db: AuthjsD1Database["db"]): Promise<void> {
  await up(db);
  const names = authjsD1Tables.map(() => "?").join(", ");
  const count = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (${names})`).bind(...authjsD1Tables);
  for (let tries = 0; (await count.first<number>("n")) !== authjsD1Tables.length; tries++) {
    if (tries === 100) throw new Error("@auth/d1-adapter's up(db) did not create its tables");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function openAuthjsD1Database(): Promise<AuthjsD1Database> {
  const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], cf: false });
  const db = await mf.getD1Database("DB");
  await createAuthjsD1Tables(db);
  return { db, dispose: () => mf.dispose() };
}
