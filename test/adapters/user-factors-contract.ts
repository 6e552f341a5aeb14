/**
 * The user-factor store contract (src/adapters/user-factors/factor-store.ts), one suite every adapter's store runs
 * through: put and replace, listed per user and kind oldest first, expired ones hidden, `take` true for exactly
 * one of many concurrent calls, `touch`, `removeAll` by kind, and the adapter's deleteUser and detachUser taking
 * the user's factors with them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FactorKind, UserFactor } from "../../src/adapters/user-factors/factor-store.js";
import type { RecordsUnderTest } from "../helpers/record-stores.js";

const unique = () => crypto.randomUUID();

function factor(userId: string, kind: FactorKind, fields: Partial<UserFactor> = {}): UserFactor {
  return { userId, kind, id: unique(), secret: `sealed-${unique()}`, createdAt: Date.now(), confirmed: true, ...fields };
}

export function runUserFactorsContract(name: string, open: () => Promise<RecordsUnderTest>): void {
  describe(`user factors: ${name}`, () => {
    let opened: RecordsUnderTest;
    const store = () => opened.adapter.userFactors;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(() => opened?.cleanup());

    it("puts a factor with every field, reads it back as put, and a second put with its key replaces it", async () => {
      const userId = unique();
      const totp = factor(userId, "totp", { label: "Phone — Ünïcode", lastUsedAt: Date.now() - 5, expires: Date.now() + 60_000, confirmed: false });
      await store().put(totp);
      expect(await store().get(userId, "totp", totp.id)).toEqual(totp);
      const bare = factor(userId, "password", { id: "password" });
      await store().put(bare);
      expect(await store().get(userId, "password", "password")).toEqual(bare);
      const replaced = { ...totp, secret: "sealed-again", label: undefined, lastUsedAt: undefined, expires: undefined, confirmed: true };
      await store().put(replaced);
      const { label: _l, lastUsedAt: _u, expires: _e, ...kept } = replaced;
      expect(await store().get(userId, "totp", totp.id)).toEqual(kept);
      expect(await store().list(userId, "totp")).toHaveLength(1);
    });

    it("lists the user's unexpired factors, of one kind when given, oldest first, and no one else's", async () => {
      const userId = unique();
      const now = Date.now();
      const older = factor(userId, "backup-code", { createdAt: now - 2000 });
      const newer = factor(userId, "backup-code", { createdAt: now - 1000 });
      const device = factor(userId, "trusted-device", { createdAt: now - 1500, expires: now + 60_000 });
      const expired = factor(userId, "trusted-device", { createdAt: now - 3000, expires: now - 1 });
      for (const f of [newer, device, expired, older, factor(unique(), "backup-code")]) await store().put(f);
      expect((await store().list(userId)).map((f) => f.id)).toEqual([older.id, device.id, newer.id]);
      expect((await store().list(userId, "backup-code")).map((f) => f.id)).toEqual([older.id, newer.id]);
      expect((await store().list(userId, "trusted-device")).map((f) => f.id)).toEqual([device.id]);
      expect(await store().list(userId, "totp")).toEqual([]);
      expect(await store().list(unique())).toEqual([]);
    });

    it("hides an expired factor from get, and take refuses it", async () => {
      const userId = unique();
      const expired = factor(userId, "trusted-device", { expires: Date.now() - 1 });
      await store().put(expired);
      expect(await store().get(userId, "trusted-device", expired.id)).toBeNull();
      expect(await store().take(userId, "trusted-device", expired.id)).toBe(false);
      expect(await store().get(unique(), "totp", "nothing")).toBeNull();
    });

    it("take deletes the factor and answers true once; the same id of another user or kind is untouched", async () => {
      const userId = unique();
      const code = factor(userId, "backup-code");
      const otherUser = { ...code, userId: unique() };
      const otherKind = { ...code, kind: "trusted-device" as const };
      for (const f of [code, otherUser, otherKind]) await store().put(f);
      expect(await store().take(userId, "backup-code", code.id)).toBe(true);
      expect(await store().take(userId, "backup-code", code.id)).toBe(false);
      expect(await store().get(userId, "backup-code", code.id)).toBeNull();
      expect(await store().get(otherUser.userId, "backup-code", code.id)).toEqual(otherUser);
      expect(await store().get(userId, "trusted-device", code.id)).toEqual(otherKind);
    });

    it("of 20 concurrent takes of one backup code, exactly one answers true", async () => {
      const code = factor(unique(), "backup-code");
      await store().put(code);
      const answers = await Promise.all(Array.from({ length: 20 }, () => store().take(code.userId, "backup-code", code.id)));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });

    it("touch moves lastUsedAt and nothing else; on a missing factor it creates nothing", async () => {
      const totp = factor(unique(), "totp", { label: "Phone" });
      await store().put(totp);
      const at = Date.now() + 1234;
      await store().touch(totp.userId, "totp", totp.id, at);
      expect(await store().get(totp.userId, "totp", totp.id)).toEqual({ ...totp, lastUsedAt: at });
      await store().touch(totp.userId, "totp", "missing", at);
      expect(await store().get(totp.userId, "totp", "missing")).toBeNull();
      expect(await store().take(totp.userId, "totp", totp.id)).toBe(true);
      await store().touch(totp.userId, "totp", totp.id, at);
      expect(await store().get(totp.userId, "totp", totp.id)).toBeNull();
    });

    it("removeAll deletes the user's factors of one kind, or all of them, and says how many", async () => {
      const userId = unique();
      const someoneElse = factor(unique(), "backup-code");
      await store().put(someoneElse);
      for (let i = 0; i < 3; i++) await store().put(factor(userId, "backup-code"));
      await store().put(factor(userId, "totp"));
      await store().put(factor(userId, "password", { id: "password" }));
      expect(await store().removeAll(userId, "backup-code")).toBe(3);
      expect((await store().list(userId)).map((f) => f.kind).sort()).toEqual(["password", "totp"]);
      expect(await store().removeAll(userId)).toBe(2);
      expect(await store().list(userId)).toEqual([]);
      expect(await store().removeAll(userId)).toBe(0);
      expect(await store().list(someoneElse.userId)).toEqual([someoneElse]);
    });

    it("deleteUser and detachUser delete the user's factors, and no one else's", async () => {
      const [gone, detached, kept] = await Promise.all(
        [0, 1, 2].map(() => opened.adapter.createUser({ id: unique(), email: `${unique()}@example.com`, emailVerified: null })),
      );
      for (const user of [gone, detached, kept]) {
        await store().put(factor(user.id, "totp"));
        await store().put(factor(user.id, "password", { id: "password" }));
      }
      await opened.adapter.deleteUser(gone.id);
      await opened.adapter.detachUser(detached.id);
      expect(await store().list(gone.id)).toEqual([]);
      expect(await store().list(detached.id)).toEqual([]);
      expect(await opened.adapter.getUser(detached.id)).toMatchObject({ id: detached.id });
      expect(await store().list(kept.id)).toHaveLength(2);
    });

    it("a transaction that detaches a user and then fails leaves the user's factors in place", async () => {
      const user = await opened.adapter.createUser({ id: unique(), email: `${unique()}@example.com`, emailVerified: null });
      const totp = factor(user.id, "totp");
      await store().put(totp);
      const failing = opened.adapter.transaction(async (tx) => {
        await tx.detachUser(user.id);
        throw new Error("the claim fails after the detach");
      });
      await expect(failing).rejects.toThrow("the claim fails");
      expect(await store().list(user.id)).toEqual([totp]);
    });
  });
}
