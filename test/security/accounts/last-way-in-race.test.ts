/**
 * Racing the last way in, held at the worst moment: alice has two ways in (a GitHub account and a passkey); two tabs
 * remove one each, and each removal is paused until the other has reached its own removal too (or a short while has
 * passed). With the user held in a transaction the second tab counts only after the first committed: one removal
 * succeeds, the other is refused, and no reader ever finds the account without a way in. Counting again after
 * removing (the fallback for stores without isolation) lets both pass their first count, removes both, and empties
 * the account until both put theirs back. SQLite, PostgreSQL and MariaDB, whose transactions hold the user.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forEachRecordStore } from "../../helpers/record-stores.js";
import { account, accountApp, addPasskey, linkAccount, post, type AccountAdapter } from "../../integration/account/fixtures.js";

/** Resolves once `parties` callers arrived, or `patience` ms after the first did. */
function meeting(parties: number, patience: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === 1) setTimeout(open, patience);
    if (arrived >= parties) open();
    return opened;
  };
}

/** `adapter`, with its removals (and those of the adapters its transactions hand out) waiting at `wait` first. */
function pausingRemovals<A extends object>(adapter: A, wait: () => Promise<void>): A {
  return new Proxy(adapter, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "unlinkAccount" || key === "deleteUserAuthenticator")
        return async (...args: unknown[]) => {
          await wait();
          return value.apply(target, args);
        };
      if (key === "transaction")
        return (fn: (tx: object) => Promise<unknown>) => value.call(target, (tx: object) => fn(pausingRemovals(tx, wait)));
      return value.bind(target);
    },
  });
}

await forEachRecordStore(
  (storeName, open) => {
    describe(`racing the last two ways in (${storeName})`, () => {
      let adapter: AccountAdapter;
      let cleanup: () => Promise<void>;
      beforeEach(async () => {
        ({ adapter, cleanup } = await open());
      });
      afterEach(() => cleanup());

      it("an unlink and a passkey removal at once: one goes, the other is refused, the account never has none", async () => {
        const wait = meeting(2, 400);
        const app = await accountApp(pausingRemovals(adapter, wait), "database");
        await linkAccount(adapter, app.user.id, "github", "gh-race");
        await addPasskey(adapter, app.user.id, "race-passkey");
        const tabs = [await app.signedIn(), await app.signedIn()];
        const emptySeen: number[] = [];
        let racing = true;
        const watcher = (async () => {
          while (racing) {
            const ways = (await adapter.listUserAccounts(app.user.id)).filter((linked) => linked.provider === "github").length;
            const passkeys = (await adapter.listAuthenticatorsByUserId(app.user.id)).length;
            if (ways + passkeys === 0) emptySeen.push(Date.now());
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
        const answers = await Promise.all([
          post(tabs[0], "/account/unlink", { provider: "github" }),
          post(tabs[1], "/account/passkey/remove", { id: "race-passkey" }),
        ]);
        racing = false;
        await watcher;
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        const { body } = await account(tabs[0]);
        expect(body.accounts!.length + body.passkeys.length).toBe(1);
        expect(emptySeen).toEqual([]);
      });
    });
  },
  ["SQLite (better-sqlite3)", "PostgreSQL", "MariaDB"],
);
