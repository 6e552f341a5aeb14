/**
 * `getToken({ req, secret, auth })` honours revocations through the instance's cached revocation view: two
 * instances (two createAuth, each with its own pool) share PostgreSQL. A session revoked on A is refused by
 * getToken on B within B's revocationCheckInterval, with at most one store read per interval, shared with `auth()`.
 */
import { afterAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { getToken } from "../../../src/jwt.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { alice, localClient, makeAuth, origin, secret } from "../../helpers/auth-client.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";

const intervalSeconds = 2;

const requestWith = (cookie: string) => new Request(`${origin}/api/data`, { headers: { cookie } });

describe("getToken with an auth instance", () => {
  it("without `auth` it only decodes, as the reference's does; with it, a session revoked on this instance gives null at once", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const req = requestWith(client.jar.header());
    const token = await getToken({ req, secret, auth });
    expect(token).toMatchObject({ email: alice.email, sid: expect.any(String) });
    await auth.revokeSession(String(token!.sid));
    expect(await getToken({ req, secret, auth })).toBeNull();
    expect(await getToken({ req, secret })).toMatchObject({ sid: token!.sid });
    expect(await getToken({ req, secret, auth: { isRevoked: auth.isRevoked } })).toBeNull();
  });

  it("gives null while the revocations cannot be read (fail closed)", async () => {
    const adapter = MemoryAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    adapter.sessionRecords.revokedSince = async () => {
      throw new Error("store down");
    };
    expect(await getToken({ req: requestWith(client.jar.header()), secret, auth })).toBeNull();
  });
});

await withService("postgres", async () => {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pools = [testPool({ connectionString: database.url }), testPool({ connectionString: database.url })];
  await migratePostgres(pools[0]);
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await database.drop();
  });

  describe("getToken across two instances on PostgreSQL", () => {
    it("a session revoked on A is refused by getToken on B within the interval, with one store read per interval", async () => {
      const adapters = pools.map((pool) => PostgresAdapter(pool));
      let reads = 0;
      const revokedSince = adapters[1].sessionRecords.revokedSince;
      adapters[1].sessionRecords.revokedSince = (since) => {
        reads++;
        return revokedSince(since);
      };
      const [a, b] = adapters.map((adapter) =>
        makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: intervalSeconds } }),
      );
      const client = localClient(a.fetch);
      await client.signIn();
      const req = requestWith(client.jar.header());
      const token = await getToken({ req, secret, auth: b });
      expect(token).toMatchObject({ email: alice.email, sid: expect.any(String) });

      reads = 0;
      for (let i = 0; i < 100; i++) expect(await getToken({ req, secret, auth: b })).not.toBeNull();
      expect(await b.auth(req)).toMatchObject({ user: { email: alice.email } });
      expect(reads).toBeLessThanOrEqual(1);

      expect(await a.revokeSession(String(token!.sid))).toBe(true);
      const revokedAt = Date.now();
      expect(await getToken({ req, secret, auth: a })).toBeNull();
      while ((await getToken({ req, secret, auth: b })) !== null) {
        expect(Date.now() - revokedAt).toBeLessThan(intervalSeconds * 1000 + 1000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const delay = Date.now() - revokedAt;
      console.log(`getToken on B refused the revoked session after ${delay} ms (interval ${intervalSeconds} s)`);
      expect(delay).toBeLessThan(intervalSeconds * 1000 + 1000);
      expect(await b.auth(req)).toBeNull();
    });
  });
});
