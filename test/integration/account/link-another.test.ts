/**
 * "Link another account" on the account page: its form posts to the provider's normal sign-in with the account page
 * as callbackUrl; after the provider (a GitHub-style fake server), the account is linked to the signed-in user and
 * the browser is back on the account page. Then it can be unlinked again.
 */
import { expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { fakeProvider, fakeUser, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { accountApp, account, addPasskey, browser, post } from "./fixtures.js";

const { fake } = fakeOAuthForSuite({ users: [fakeUser(501, "alicehub", "alice.elsewhere@example.com")] });

for (const strategy of ["jwt", "database"] as const) {
  it(`links a provider through its sign-in from the account page, and unlinks it (${strategy})`, async () => {
    const adapter = MemoryAdapter();
    const app = await accountApp(adapter, strategy, { providers: [fakeProvider(fake, "fakehub", { name: "FakeHub" })] });
    await addPasskey(adapter, app.user.id, "cred-1");
    fake.redirectUris.add("http://localhost:3000/auth/callback/fakehub");
    const c = await app.signedIn();
    const accountUrl = `${c.base}/account`;

    const html = await (await c.send("/account", { headers: browser })).text();
    const form = /<form action="([^"]+\/signin\/fakehub)" method="post">(.*?)<\/form>/s.exec(html);
    expect(form?.[1]).toBe(`${c.base}/signin/fakehub`);
    expect(form?.[2]).toContain(`name="callbackUrl" value="${accountUrl}"`);

    const { response } = await signInAtFake(c, fake, "fakehub", { login: "alicehub", form: { callbackUrl: accountUrl } });
    expect(response.headers.get("location")).toBe(accountUrl);
    const { body } = await account(c);
    expect(body.user.id).toBe(app.user.id);
    expect(body.accounts).toEqual([{ provider: "fakehub", type: "oauth", providerAccountId: "501" }]);

    expect((await post(c, "/account/unlink", { provider: "fakehub" })).status).toBe(200);
    expect((await account(c)).body.accounts).toEqual([]);
  });
}
