/** deleteUserAuthenticator on every sekisho adapter: deletes one passkey of its user only, once. */
import { describe, expect, it } from "vitest";
import { forEachRecordStore } from "../helpers/record-stores.js";
import { addPasskey } from "../integration/account/fixtures.js";

await forEachRecordStore((name, open) => {
  describe(`deleteUserAuthenticator (${name})`, () => {
    it("deletes the user's passkey, once; another user's credential ID deletes nothing", async () => {
      const { adapter, cleanup } = await open();
      try {
        const alice = await adapter.createUser({ id: "", email: "alice@example.com", emailVerified: null });
        const bob = await adapter.createUser({ id: "", email: "bob@example.com", emailVerified: null });
        await addPasskey(adapter, alice.id, "alice-1");
        await addPasskey(adapter, alice.id, "alice-2");
        await addPasskey(adapter, bob.id, "bob-1");
        expect(await adapter.deleteUserAuthenticator(alice.id, "bob-1")).toBe(false);
        expect(await adapter.getAuthenticator("bob-1")).not.toBeNull();
        expect(await adapter.deleteUserAuthenticator(alice.id, "alice-1")).toBe(true);
        expect(await adapter.deleteUserAuthenticator(alice.id, "alice-1")).toBe(false);
        expect(await adapter.getAuthenticator("alice-1")).toBeNull();
        expect((await adapter.listAuthenticatorsByUserId(alice.id)).map((a) => a.credentialID)).toEqual(["alice-2"]);
        expect(await adapter.listAuthenticatorsByUserId(bob.id)).toHaveLength(1);
      } finally {
        await cleanup();
      }
    });

    it("of two racing deletions of one passkey, one deletes it", async () => {
      const { adapter, cleanup } = await open();
      try {
        const alice = await adapter.createUser({ id: "", email: "alice@example.com", emailVerified: null });
        await addPasskey(adapter, alice.id, "raced");
        const results = await Promise.all([0, 1].map(() => adapter.deleteUserAuthenticator(alice.id, "raced")));
        expect(results.sort()).toEqual([false, true]);
      } finally {
        await cleanup();
      }
    });
  });
});
