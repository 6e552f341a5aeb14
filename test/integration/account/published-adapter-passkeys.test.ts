/**
 * The account page's passkeys on an adapter written for Auth.js (Drizzle's, on SQLite): it lists them, but the
 * adapter cannot delete one and keeps no user factors for their names, so the page offers neither form and the
 * routes say why with a 400, where they answered a configuration error before.
 */
import { describe, expect, it } from "vitest";
import { drizzleOnSQLite } from "../../adapters/drizzle-schemas.js";
import { account, accountApp, addPasskey, browser, post, type AccountAdapter } from "./fixtures.js";

describe("passkeys on the account page, with an adapter written for Auth.js", () => {
  it("lists them without rename or remove forms, and the routes answer 400 naming what is missing", async () => {
    const adapter = drizzleOnSQLite().adapter as AccountAdapter;
    const app = await accountApp(adapter, "jwt");
    await addPasskey(adapter, app.user.id, "cred-1");
    const c = await app.signedIn();

    const { status, body } = await account(c);
    expect(status).toBe(200);
    expect(body.passkeys.map((passkey) => passkey.id)).toEqual(["cred-1"]);
    expect(body.passkeyActions).toEqual({ rename: false, remove: false });
    expect(body.accounts).toBeNull();

    const page = await c.send("/account", { headers: browser });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("/account/passkey/rename");
    expect(html).not.toContain("/account/passkey/remove");
    expect(html).toContain("The linked accounts are not listed here");

    const removed = await post(c, "/account/passkey/remove", { id: "cred-1" });
    expect(removed.status).toBe(400);
    expect(await removed.json()).toMatchObject({ error: "PasskeyRemovalUnavailable" });
    const renamed = await post(c, "/account/passkey/rename", { id: "cred-1", name: "Laptop" });
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ error: "PasskeyRenameUnavailable" });
    expect(await adapter.listAuthenticatorsByUserId!(app.user.id)).toHaveLength(1);
  });
});
