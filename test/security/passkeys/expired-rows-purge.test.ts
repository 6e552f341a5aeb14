/**
 * Anonymous requests write rows: every GET /webauthn-options a challenge, every email request a token. The
 * expired ones must go as traffic arrives, with no command run, in bounded work per request: over the memory
 * adapter, SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import type { PurgeResult, TransactionalAdapter } from "../../../src/adapters/extensions.js";
import Passkey from "../../../src/providers/passkey.js";
import { purgeBatch, purgeEvery } from "../../../src/flows/purge-in-passing.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { linkMailbox } from "../../helpers/link-mailbox.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";
import { callbackUrl, passkeyAuth, passkeyClient, registerNewUser, sqliteStore } from "../../integration/webauthn/fixtures.js";

interface Store {
  adapter: TransactionalAdapter;
  /** Writes `count` verification tokens that expire at `expires`, in one statement where the store has them. */
  backlog(count: number, expires: Date): Promise<void>;
  close(): Promise<void> | void;
}

const nothing = { sessions: 0, verificationTokens: 0 };
const MINUTE = 60_000;

/** The adapter with its purges recorded: the limit each was given and what each deleted. */
function observed(adapter: TransactionalAdapter) {
  const purges: Array<{ limit?: number; purged: PurgeResult }> = [];
  const spied = Object.create(adapter, {
    purgeExpired: {
      value: async (now?: Date, limit?: number) => {
        const purged = await adapter.purgeExpired(now, limit);
        purges.push({ limit, purged });
        return purged;
      },
    },
  }) as TransactionalAdapter;
  return { spied, purges };
}


function suite(name: string, open: () => Promise<Store>) {
  describe(`expired rows purged in passing, over ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T00:00:00Z") });
    });
    afterEach(async () => {
      vi.useRealTimers();
      await store.close();
    });

    it("anonymous challenges, email tokens and old sessions are gone once expired, with no command run; live ones stay", async () => {
      const { spied, purges } = observed(store.adapter);
      const auth = passkeyAuth(spied, { providers: [Passkey(), linkMailbox().provider] });
      const user = passkeyClient(auth.fetch);
      await registerNewUser(user, "kept@example.com");
      const anonymous = passkeyClient(auth.fetch);
      for (let i = 0; i < 20; i++) expect((await anonymous.options()).status).toBe(200);
      for (let i = 0; i < 5; i++) {
        const asked = await anonymous.send("/signin/email", { form: { email: `flood${i}@example.com`, csrfToken: await anonymous.csrfToken(), callbackUrl } });
        expect(asked.status).toBe(302);
      }
      const owner = await store.adapter.getUserByEmail("kept@example.com");
      await store.adapter.createSession({ sessionToken: "old-session", userId: owner!.id, expires: new Date(Date.now() + MINUTE) });

      vi.setSystemTime(Date.now() + 16 * MINUTE);
      await anonymous.send("/csrf");

      expect(await store.adapter.getSessionAndUser("old-session")).toBeNull();
      expect(await store.adapter.purgeExpired()).toEqual(nothing);
      expect(await user.session()).toMatchObject({ user: { email: "kept@example.com" } });
      expect(purges.every(({ limit }) => limit === purgeBatch)).toBe(true);
    });

    it("one bounded purge at a time: a full batch has the next request go on, otherwise the next purge is a minute later", async () => {
      const { spied, purges } = observed(store.adapter);
      const client = passkeyClient(passkeyAuth(spied).fetch);
      await client.send("/csrf");
      expect(purges).toHaveLength(1);
      await client.send("/csrf");
      expect(purges).toHaveLength(1);

      const expired = new Date(Date.now() - MINUTE);
      const backlog = 2 * purgeBatch + 20;
      await store.backlog(backlog, expired);
      vi.setSystemTime(Date.now() + purgeEvery);
      for (let i = 0; i < 4; i++) await client.send("/csrf");

      expect(purges.slice(1).map(({ purged }) => purged.verificationTokens)).toEqual([purgeBatch, purgeBatch, 20]);
      expect(await store.adapter.purgeExpired()).toEqual(nothing);
    });
  });
}

suite("the memory adapter", async () => {
  const adapter = MemoryAdapter();
  return {
    adapter,
    async backlog(count, expires) {
      for (let i = 0; i < count; i++) await adapter.createVerificationToken({ identifier: `flood${i}@example.com`, token: `t${i}`, expires });
    },
    close() {},
  };
});
suite("SQLite", async () => {
  const sqlite = await sqliteStore();
  return {
    adapter: sqlite.adapter,
    async backlog(count, expires) {
      await sqlite.client.execute({
        sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO "verification_token" ("identifier", "token", "expires") SELECT 'flood' || i, 't' || i, ? FROM n`,
        args: [count, expires.toISOString()],
      });
    },
    close: () => sqlite.close(),
  };
});
await withService("postgres", () =>
  suite("PostgreSQL", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    await migratePostgres(pool);
    return {
      adapter: PostgresAdapter(pool),
      async backlog(count, expires) {
        await pool.query(
          `INSERT INTO "verification_token" ("identifier", "token", "expires") SELECT 'flood' || i, 't' || i, $1 FROM generate_series(1, $2) AS i`,
          [expires, count],
        );
      },
      async close() {
        await pool.end();
        await database.drop();
      },
    };
  }),
);
