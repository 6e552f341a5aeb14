/**
 * The account page's routes on the memory adapter, SQLite, PostgreSQL, MariaDB, Redis and D1, both strategies:
 * GET /account as JSON and as the page, unlinking, renaming and removing passkeys, revoking trusted devices,
 * signing out the other sessions, deleting the account.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allLocales } from "../../../pages/locales.js";
import { de } from "../../../src/messages/de.js";
import { en } from "../../../src/messages/en.js";
import { linkMailbox } from "../../helpers/link-mailbox.js";
import { forEachRecordStore } from "../../helpers/record-stores.js";
import { accountApp, addPasskey, account, browser, json, linkAccount, post, type AccountAdapter } from "./fixtures.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const stores = ["memory", "SQLite (better-sqlite3)", "PostgreSQL", "MariaDB", "Redis", "D1 (Miniflare)"];

await forEachRecordStore((storeName, open) => {
  for (const strategy of ["jwt", "database"] as const) {
    describe(`the account routes (${storeName}, ${strategy})`, () => {
      let adapter: AccountAdapter;
      let cleanup: () => Promise<void>;
      beforeEach(async () => {
        ({ adapter, cleanup } = await open());
      });
      afterEach(async () => {
        vi.useRealTimers();
        await cleanup();
      });

      it("GET /account answers the user's own data as JSON, the current session first", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        await adapter.userFactors.put({ userId: app.user.id, kind: "password", id: "password", secret: "h", createdAt: 1, confirmed: true });
        const bob = await adapter.createUser({ id: "", email: "bob@example.com", name: "Bob", emailVerified: null });
        await linkAccount(adapter, bob.id, "gitlab");
        const other = await app.signedIn({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });
        const c = await app.signedIn();
        const { status, body } = await account(c);
        expect(status).toBe(200);
        expect(body.user).toEqual({ id: app.user.id, name: "Alice Liddell", email: "alice@example.com", image: "https://example.com/alice.png" });
        expect(body.accounts).toEqual([{ provider: "github", type: "oauth", providerAccountId: `github-${app.user.id}` }]);
        expect(body.passkeys).toEqual([{ id: "cred-1", name: null, createdAt: null, lastUsedAt: null }]);
        expect(body.password).toBe(true);
        expect(body.twoFactor).toEqual({ totp: false, backupCodesLeft: 0, trustedDevices: [] });
        expect(body.sessions).toHaveLength(2);
        expect(body.sessions[0]).toMatchObject({ current: true, method: "credentials" });
        expect(body.sessions[1]).toMatchObject({ current: false, userAgent: "Firefox on Linux" });
        expect((await account(other)).body.sessions[0].current).toBe(true);
      });

      it("GET /account without a session: 401 JSON, and the sign-in page coming back for a browser", async () => {
        const app = await accountApp(adapter, strategy);
        const c = app.client();
        const asJson = await c.send("/account", { headers: json });
        expect(asJson.status).toBe(401);
        expect(await asJson.json()).toMatchObject({ error: "SessionRequired" });
        const page = await c.send("/account", { headers: browser });
        expect(page.status).toBe(302);
        expect(page.headers.get("location")).toBe(`http://localhost:3000/auth/signin?callbackUrl=${encodeURIComponent("http://localhost:3000/auth/account")}`);
      });

      it("the page: plain forms with the CSRF token, a nonce'd script, times as <time datetime>", async () => {
        const app = await accountApp(adapter, strategy, { twoFactor: twoFactor() });
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        const c = await app.signedIn();
        const response = await c.send("/account", { headers: browser });
        expect(response.status).toBe(200);
        const csp = response.headers.get("content-security-policy") ?? "";
        const html = await response.text();
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce).toBeTruthy();
        expect(html).toContain(`<script nonce="${nonce}">`);
        for (const action of ["unlink", "passkey/rename", "passkey/remove", "totp", "delete"])
          expect(html).toContain(`action="http://localhost:3000/auth/account/${action}"`);
        // without an email provider nothing could prove a new address: no form to change it
        expect(html).not.toContain('action="http://localhost:3000/auth/account/email"');
        expect(html).toContain('action="http://localhost:3000/auth/signin/gitlab"');
        expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
        expect(html).not.toMatch(/\son[a-z]+=/);
        expect(html.match(/name="csrfToken"/g)?.length).toBeGreaterThan(6);
      });

      it("unlinks a provider account, fires unlinkAccount, and refuses the last way in with 409", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await linkAccount(adapter, app.user.id, "gitlab");
        const c = await app.signedIn();
        const unlinked = await post(c, "/account/unlink", { provider: "github" });
        expect(unlinked.status).toBe(200);
        expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: `github-${app.user.id}` })).toBeNull();
        expect(app.events).toEqual([
          { name: "unlinkAccount", message: { userId: app.user.id, account: { provider: "github", type: "oauth", providerAccountId: `github-${app.user.id}` } } },
        ]);
        const last = await post(c, "/account/unlink", { provider: "gitlab" });
        expect(last.status).toBe(409);
        expect(await last.json()).toMatchObject({ error: "LastWayIn" });
        expect((await account(c)).body.accounts).toHaveLength(1);
        const asPage = await post(c, "/account/unlink", { provider: "gitlab" }, browser);
        expect(asPage.status).toBe(302);
        expect(asPage.headers.get("location")).toBe("http://localhost:3000/auth/account?error=LastWayIn");
        const page = await (await c.send("/account?error=LastWayIn", { headers: browser })).text();
        expect(page).toContain('role="alert"');
      });

      it("a passkey is a way in: the last one is not removed", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        const c = await app.signedIn();
        expect((await post(c, "/account/unlink", { provider: "github" })).status).toBe(200);
        expect((await post(c, "/account/passkey/remove", { id: "cred-1" })).status).toBe(409);
      });

      it("with an email provider, a verified address is a way in; an unverified one is not", async () => {
        const { provider: email } = linkMailbox();
        const app = await accountApp(adapter, strategy, { providers: [email] });
        await linkAccount(adapter, app.user.id, "github");
        await linkAccount(adapter, app.user.id, "gitlab");
        const c = await app.signedIn();
        expect((await post(c, "/account/unlink", { provider: "github" })).status).toBe(200);
        expect((await post(c, "/account/unlink", { provider: "gitlab" })).status).toBe(409);
        await adapter.updateUser({ id: app.user.id, emailVerified: new Date() });
        expect((await post(c, "/account/unlink", { provider: "gitlab" })).status).toBe(200);
        expect((await account(c)).body.accounts).toEqual([]);
        const html = await (await c.send("/account", { headers: browser })).text();
        expect(html).toContain('action="http://localhost:3000/auth/account/email"');
      });

      it("unlinking: malformed input is 400, an account of another user or none is 404", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await linkAccount(adapter, app.user.id, "gitlab");
        await linkAccount(adapter, app.user.id, "gitlab", "second-gitlab");
        const bob = await adapter.createUser({ id: "", email: "bob@example.com", name: "Bob", emailVerified: null });
        await linkAccount(adapter, bob.id, "github", "bobs-github");
        const c = await app.signedIn();
        expect((await post(c, "/account/unlink", {})).status).toBe(400);
        expect((await post(c, "/account/unlink", { provider: "  " })).status).toBe(400);
        expect((await post(c, "/account/unlink", { provider: "gitlab" })).status).toBe(400);
        const bobs = await post(c, "/account/unlink", { provider: "github", providerAccountId: "bobs-github" });
        expect(bobs.status).toBe(404);
        expect((await post(c, "/account/unlink", { provider: "github", providerAccountId: "nobody" })).status).toBe(404);
        expect((await adapter.getUserByAccount({ provider: "github", providerAccountId: "bobs-github" }))?.id).toBe(bob.id);
        expect((await post(c, "/account/unlink", { provider: "gitlab", providerAccountId: "second-gitlab" })).status).toBe(200);
      });

      it("renames a passkey (trimmed, at most 64 characters) and removes one; another user's is 404", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        const bob = await adapter.createUser({ id: "", email: "bob@example.com", name: "Bob", emailVerified: null });
        await addPasskey(adapter, bob.id, "bobs-cred");
        const c = await app.signedIn();
        expect((await post(c, "/account/passkey/rename", { id: "cred-1", name: "  Laptop  " })).status).toBe(200);
        expect((await account(c)).body.passkeys[0].name).toBe("Laptop");
        expect((await post(c, "/account/passkey/rename", { id: "cred-1", name: "x".repeat(65) })).status).toBe(400);
        expect((await post(c, "/account/passkey/rename", { id: "cred-1", name: "a\u0000b" })).status).toBe(400);
        expect((await post(c, "/account/passkey/rename", { id: "bobs-cred", name: "Mine" })).status).toBe(404);
        expect((await post(c, "/account/passkey/remove", { id: "bobs-cred" })).status).toBe(404);
        expect(await adapter.getAuthenticator("bobs-cred")).not.toBeNull();
        expect((await post(c, "/account/passkey/remove", { id: "cred-1" })).status).toBe(200);
        expect(await adapter.getAuthenticator("cred-1")).toBeNull();
        expect(await adapter.getUserByAccount({ provider: "passkey", providerAccountId: "cred-1" })).toBeNull();
        expect((await account(c)).body.passkeys).toEqual([]);
        expect(app.events.map((event) => event.name)).toEqual(["passkeyRenamed", "passkeyRemoved"]);
      });

      it("revokes one of the user's trusted devices; another user's is 404", async () => {
        const app = await accountApp(adapter, strategy);
        const bob = await adapter.createUser({ id: "", email: "bob@example.com", name: "Bob", emailVerified: null });
        const device = { kind: "trusted-device" as const, secret: "d", label: "Firefox on Linux", createdAt: Date.now(), confirmed: true };
        await adapter.userFactors.put({ ...device, userId: app.user.id, id: "dev-1", expires: Date.now() + 86_400_000 });
        await adapter.userFactors.put({ ...device, userId: bob.id, id: "dev-bob" });
        const c = await app.signedIn();
        const listed = (await account(c)).body.twoFactor.trustedDevices;
        expect(listed).toEqual([expect.objectContaining({ id: "dev-1", label: "Firefox on Linux", lastUsedAt: null })]);
        expect((await post(c, "/account/trusted-devices/revoke", { id: "dev-bob" })).status).toBe(404);
        expect(await adapter.userFactors.get(bob.id, "trusted-device", "dev-bob")).not.toBeNull();
        expect((await post(c, "/account/trusted-devices/revoke", {})).status).toBe(400);
        expect((await post(c, "/account/trusted-devices/revoke", { id: "dev-1" })).status).toBe(200);
        expect((await account(c)).body.twoFactor.trustedDevices).toEqual([]);
        expect((await post(c, "/account/trusted-devices/revoke", { id: "dev-1" })).status).toBe(404);
      });

      it("deletes the account: accounts, passkeys, factors, every session and the user go; the cookie is cleared", async () => {
        const app = await accountApp(adapter, strategy);
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        await adapter.userFactors.put({ userId: app.user.id, kind: "password", id: "password", secret: "h", createdAt: 1, confirmed: true });
        const elsewhere = await app.signedIn();
        const c = await app.signedIn();
        const unconfirmed = await post(c, "/account/delete", { confirm: "delete" });
        expect(unconfirmed.status).toBe(400);
        expect(await unconfirmed.json()).toMatchObject({ error: "ConfirmationRequired" });
        const deleted = await post(c, "/account/delete", { confirm: "DELETE" });
        expect(deleted.status).toBe(200);
        expect(await deleted.json()).toEqual({ ok: true });
        expect(deleted.headers.get("set-cookie")).toMatch(/authjs\.session-token=;/);
        expect(await adapter.getUser(app.user.id)).toBeNull();
        expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: `github-${app.user.id}` })).toBeNull();
        expect(await adapter.getAuthenticator("cred-1")).toBeNull();
        expect(await adapter.userFactors.list(app.user.id)).toEqual([]);
        expect(await elsewhere.session()).toBeNull();
        expect(await c.session()).toBeNull();
        expect(app.events.map((event) => event.name)).toEqual(["deleteUser"]);
      });

      it("signing another session out from the account page comes back to it", async () => {
        const app = await accountApp(adapter, strategy);
        const other = await app.signedIn();
        const c = await app.signedIn();
        const html = await (await c.send("/account", { headers: browser })).text();
        expect(html).toContain('name="from" value="account"');
        const [, otherId] = (await account(c)).body.sessions.map((session) => session.id);
        const revoked = await post(c, "/sessions/revoke", { id: otherId, from: "account" }, browser);
        expect(revoked.headers.get("location")).toBe("http://localhost:3000/auth/account");
        expect(await other.session()).toBeNull();
      });

      it("signs out every other session from the account page's one button, keeps this one, and tells the event", async () => {
        const app = await accountApp(adapter, strategy);
        const c = await app.signedIn();
        const alone = await (await c.send("/account", { headers: browser })).text();
        expect(alone).not.toContain('name="others"');
        const phone = await app.signedIn({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" });
        const laptop = await app.signedIn();
        const html = await (await c.send("/account", { headers: browser })).text();
        const form = /<form action="([^"]+)" method="post"><p class="muted">[^<]+<\/p><input type="hidden" name="csrfToken" value="[^"]+"\/><input type="hidden" name="others" value="true"\/><input type="hidden" name="from" value="account"\/>/.exec(html);
        expect(form?.[1]).toBe("http://localhost:3000/auth/sessions/revoke");

        const ended = await post(c, "/sessions/revoke", { others: "true", from: "account" }, browser);
        expect(ended.headers.get("location")).toBe("http://localhost:3000/auth/account");
        expect(ended.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token="))).toBe(false);
        expect(await phone.session()).toBeNull();
        expect(await laptop.session()).toBeNull();
        expect(await c.session()).toMatchObject({ user: { email: "alice@example.com" } });
        expect((await account(c)).body.sessions).toEqual([expect.objectContaining({ current: true })]);
        expect(app.events).toEqual([{ name: "otherSessionsEnded", message: { userId: app.user.id, ended: 2 } }]);

        // a script gets the count; a form from another page (no CSRF token) ends nothing
        const tablet = await app.signedIn();
        const refused = await c.send("/sessions/revoke", { form: { others: "true" }, headers: json });
        expect(refused.status).toBe(403);
        expect(await tablet.session()).not.toBeNull();
        expect(await (await post(c, "/sessions/revoke", { others: "true" })).json()).toEqual({ revoked: 1 });
        expect(await tablet.session()).toBeNull();
      });

      it("a browser deleting the account ticks a box in its language; without it, the page says so and nothing goes", async () => {
        const app = await accountApp(adapter, strategy, { messages: allLocales });
        const c = await app.signedIn();
        const html = await (await c.send("/account", { headers: { ...browser, "accept-language": "de" } })).text();
        expect(html).toContain(`<input type="checkbox" name="confirm" value="DELETE" required=""/> ${de.account.deleteUnderstand}`);
        expect(html).not.toContain("DELETE<");
        expect(html).not.toContain('name="confirm" type="text"');
        const unticked = await post(c, "/account/delete", {}, browser);
        expect(unticked.headers.get("location")).toBe("http://localhost:3000/auth/account?error=ConfirmationRequired");
        const page = await (await c.send("/account?error=ConfirmationRequired", { headers: browser })).text();
        expect(page).toContain(`<div class="alert" role="alert">${en.account.deleteNotConfirmed}</div>`);
        expect(await c.session()).not.toBeNull();
        expect(await adapter.getUser(app.user.id)).not.toBeNull();
      });

      it("a browser deleting the account goes to the site's root", async () => {
        const app = await accountApp(adapter, strategy);
        const c = await app.signedIn();
        const deleted = await post(c, "/account/delete", { confirm: "DELETE" }, browser);
        expect(deleted.status).toBe(302);
        expect(deleted.headers.get("location")).toBe("http://localhost:3000/");
      });

      it("a browser's change goes back to the account page; pages.account sends browsers to the app's page", async () => {
        const app = await accountApp(adapter, strategy, { pages: { account: "/settings/account" } });
        await linkAccount(adapter, app.user.id, "github");
        await addPasskey(adapter, app.user.id, "cred-1");
        const c = await app.signedIn();
        const page = await c.send("/account", { headers: browser });
        expect(page.headers.get("location")).toBe("/settings/account");
        expect((await account(c)).status).toBe(200);
        const renamed = await post(c, "/account/passkey/rename", { id: "cred-1", name: "Phone" }, browser);
        expect(renamed.headers.get("location")).toBe("/settings/account");
      });
    });
  }
}, stores);
