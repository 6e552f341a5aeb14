/**
 * Attacks on the account routes: forged changes without the CSRF token, a stale session probing the account before
 * the recent-sign-in check, unlinking or removing what is another user's, telling other users' credentials apart
 * from none, racing two removals of the last ways in, and hammering the routes past the accountChange limit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forEachRecordStore } from "../../helpers/record-stores.js";
import type { Client } from "../../helpers/auth-client.js";
import {
  account,
  accountApp,
  addPasskey,
  browser,
  json,
  linkAccount,
  post,
  type AccountAdapter,
} from "../../integration/account/fixtures.js";

const changes = [
  ["/account/unlink", { provider: "github" }],
  ["/account/passkey/rename", { id: "cred-1", name: "Mine" }],
  ["/account/passkey/remove", { id: "cred-1" }],
  ["/account/trusted-devices/revoke", { id: "dev-1" }],
  ["/account/delete", { confirm: "DELETE" }],
] as const;

/** Alice with a GitHub account, a passkey and a trusted device; Bob with his own of each. */
async function twoUsers(adapter: AccountAdapter, strategy: "jwt" | "database", config = {}) {
  const app = await accountApp(adapter, strategy, config);
  const bob = await adapter.createUser({ id: "", email: "bob@example.com", name: "Bob", emailVerified: null });
  for (const [userId, suffix] of [
    [app.user.id, ""],
    [bob.id, "-bob"],
  ] as const) {
    await linkAccount(adapter, userId, "github", `github${suffix}`);
    await addPasskey(adapter, userId, `cred${suffix}-1`);
    await adapter.userFactors.put({ userId, kind: "trusted-device", id: `dev${suffix}-1`, secret: "d", createdAt: 1, confirmed: true });
  }
  return { app, bob };
}

async function answer(response: Response) {
  return { status: response.status, body: await response.text() };
}

await forEachRecordStore(
  (storeName, open) => {
    describe(`attacks on the account routes (${storeName})`, () => {
      let adapter: AccountAdapter;
      let cleanup: () => Promise<void>;
      beforeEach(async () => {
        ({ adapter, cleanup } = await open());
      });
      afterEach(async () => {
        vi.useRealTimers();
        await cleanup();
      });

      for (const strategy of ["jwt", "database"] as const) {
        it(`a change without the CSRF token is 403 and changes nothing (${strategy})`, async () => {
          const { app } = await twoUsers(adapter, strategy);
          const c = await app.signedIn();
          for (const [path, fields] of changes) {
            const forged = await c.send(path, { form: fields, headers: json });
            expect(forged.status, path).toBe(403);
            expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
            const wrong = await c.send(path, { form: { ...fields, csrfToken: "forged" }, headers: browser });
            expect(wrong.status, path).toBe(403);
            expect(await wrong.text()).toContain('role="alert"');
          }
          const { body } = await account(c);
          expect(body.accounts).toHaveLength(1);
          expect(body.passkeys).toEqual([expect.objectContaining({ id: "cred-1", name: null })]);
          expect(body.twoFactor.trustedDevices).toHaveLength(1);
          expect(app.events).toEqual([]);
        });

        it(`a stale session learns nothing: RecentSignInRequired comes before any other check (${strategy})`, async () => {
          vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
          const { app } = await twoUsers(adapter, strategy);
          const c = await app.signedIn();
          vi.setSystemTime(Date.now() + 601_000);
          const probes: [string, Record<string, string>][] = [
            ["/account/unlink", { provider: "github" }],
            ["/account/unlink", { provider: "github", providerAccountId: "github-bob" }],
            ["/account/unlink", { provider: "nowhere" }],
            ["/account/unlink", {}],
            ["/account/passkey/remove", { id: "cred-1" }],
            ["/account/passkey/remove", { id: "cred-bob-1" }],
            ["/account/passkey/remove", { id: "none" }],
            ["/account/passkey/remove", {}],
            ["/account/delete", { confirm: "DELETE" }],
            ["/account/delete", {}],
          ];
          const answers = await Promise.all(probes.map(async ([path, fields]) => answer(await post(c, path, fields))));
          expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
            new Set([JSON.stringify({ status: 403, body: JSON.stringify({ error: "RecentSignInRequired" }) })]),
          );
          const asBrowser = await post(c, "/account/unlink", { provider: "github" }, browser);
          expect(asBrowser.status).toBe(302);
          expect(new URL(asBrowser.headers.get("location")!).searchParams.get("error")).toBe("RecentSignInRequired");
          expect((await account(c)).body.accounts).toHaveLength(1);
          expect(await adapter.getUser(app.user.id)).not.toBeNull();
        });
      }

      it("another user's account, passkey or trusted device reads exactly as one that does not exist, and stays", async () => {
        const { app, bob } = await twoUsers(adapter, "database");
        const c = await app.signedIn();
        const pairs: [string, Record<string, string>, Record<string, string>][] = [
          ["/account/unlink", { provider: "github", providerAccountId: "github-bob" }, { provider: "github", providerAccountId: "nobody" }],
          ["/account/passkey/rename", { id: "cred-bob-1", name: "x" }, { id: "nobody", name: "x" }],
          ["/account/passkey/remove", { id: "cred-bob-1" }, { id: "nobody" }],
          ["/account/trusted-devices/revoke", { id: "dev-bob-1" }, { id: "nobody" }],
        ];
        for (const [path, bobs, none] of pairs) {
          const [theirs, nobodys] = [await answer(await post(c, path, bobs)), await answer(await post(c, path, none))];
          expect(theirs.status, path).toBe(404);
          expect(theirs, path).toEqual(nobodys);
        }
        expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: "github-bob" })).toMatchObject({ id: bob.id });
        expect(await adapter.getAuthenticator("cred-bob-1")).not.toBeNull();
        expect(await adapter.userFactors.get(bob.id, "trusted-device", "dev-bob-1")).not.toBeNull();
        expect(await adapter.userFactors.get(bob.id, "passkey", "cred-bob-1")).toBeNull();
        const { body } = await account(c);
        expect(JSON.stringify(body)).not.toContain("bob");
      });

      it("two tabs racing to remove the last two ways in: the account keeps one", async () => {
        for (let round = 0; round < 5; round++) {
          const app = await accountApp(adapter, "database", {}, `racer-${round}@example.com`);
          await linkAccount(adapter, app.user.id, "github", `gh-${round}`);
          await addPasskey(adapter, app.user.id, `race-${round}`);
          const tabs: Client[] = [await app.signedIn(), await app.signedIn()];
          const answers = await Promise.all([
            post(tabs[0], "/account/unlink", { provider: "github" }),
            post(tabs[1], "/account/passkey/remove", { id: `race-${round}` }),
          ]);
          const { body } = await account(tabs[0]);
          expect(body.accounts!.length + body.passkeys.length, `round ${round}`).toBeGreaterThanOrEqual(1);
          expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
          for (const a of answers) expect([200, 409]).toContain(a.status);
        }
      });

      it("changes past the accountChange limit are refused with 429", async () => {
        const { app } = await twoUsers(adapter, "jwt", { rateLimit: { enabled: true, limits: { accountChange: { perIdentifier: 3 } } } });
        const c = await app.signedIn();
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await post(c, "/account/passkey/rename", { id: "cred-1", name: `n${i}` })).status);
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
      });
    });
  },
  ["memory", "SQLite (better-sqlite3)", "PostgreSQL"],
);
