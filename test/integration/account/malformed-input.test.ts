/**
 * Malformed fields on every account change, form-encoded and JSON, with a valid session and CSRF token: each gets a
 * 4xx with JSON (never a 5xx, a stack trace or a change), and GET /account with odd queries still answers.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { localClient, makeAuth } from "../../helpers/auth-client.js";
import { accountApp, addPasskey, account, browser, json, linkAccount, post } from "./fixtures.js";

const nasty: unknown[] = [
  "",
  " ",
  "\u0000",
  "\r\nSet-Cookie: x=1",
  "a".repeat(5000),
  "<script>alert(1)</script>",
  "__proto__",
  "😀".repeat(70),
  42,
  true,
  null,
  [],
  ["github"],
  { provider: "github" },
];

const routes = ["/account/unlink", "/account/passkey/rename", "/account/passkey/remove", "/account/trusted-devices/revoke", "/account/delete"];
const fields = ["provider", "providerAccountId", "id", "name", "confirm"];

for (const strategy of ["jwt", "database"] as const) {
  describe(`malformed input on the account routes (${strategy})`, () => {
    it("every field of every change, form-encoded or JSON: a 4xx, and nothing changes", async () => {
      const adapter = MemoryAdapter();
      const app = await accountApp(adapter, strategy);
      await linkAccount(adapter, app.user.id, "github");
      await linkAccount(adapter, app.user.id, "gitlab");
      await addPasskey(adapter, app.user.id, "cred-1");
      const c = await app.signedIn();
      const before = (await account(c)).body;
      const csrfToken = await c.csrfToken();
      for (const path of routes)
        for (const field of fields)
          for (const value of nasty) {
            const asJson = await c.send(path, { json: { csrfToken, [field]: value }, headers: json });
            const label = `${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
            expect(asJson.status, label).toBeGreaterThanOrEqual(400);
            expect(asJson.status, label).toBeLessThan(500);
            const text = await asJson.text();
            expect(text, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
            expect(JSON.parse(text).error, label).toEqual(expect.any(String));
            if (typeof value === "string") {
              const asForm = await c.send(path, { form: { csrfToken, [field]: value }, headers: json });
              expect(asForm.status, label).toBeGreaterThanOrEqual(400);
              expect(asForm.status, label).toBeLessThan(500);
            }
          }
      expect((await account(c)).body).toEqual(before);
      expect(app.events).toEqual([]);
      for (const query of ["?error=%E0%A4%A", "?error=__proto__", "?error=LastWayIn&error=x", `?${"a".repeat(3000)}`]) {
        const page = await c.send(`/account${query}`, { headers: browser });
        expect(page.status, query).toBe(200);
      }
    });
  });
}

it("without an adapter the account routes do not exist, as before them: an unknown action, signed in or not", async () => {
  const auth = makeAuth({ trustHost: true });
  const c = localClient(auth.fetch);
  await c.signIn();
  const unknown = await c.send("/no-such-route", { headers: json });
  for (const path of ["/account", ...routes]) {
    const answer = path === "/account" ? await c.send(path, { headers: json }) : await post(c, path, { id: "x" });
    expect(answer.status, path).toBe(unknown.status);
    expect(await answer.json(), path).toEqual(await unknown.clone().json());
  }
});
