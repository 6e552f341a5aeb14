/**
 * A passkey's times on the account page, with a software authenticator on SQLite: registering keeps when it was
 * added, each sign-in with it when it was last used; renaming keeps both.
 */
import { expect, it } from "vitest";
import { authenticationOptions, base64, passkeyAuth, passkeyClient, registerNewUser, sqliteStorePerTest } from "../webauthn/fixtures.js";
import { account, post } from "./fixtures.js";

const store = sqliteStorePerTest();

it("registering keeps when the passkey was added, a sign-in with it when it was last used", async () => {
  const client = passkeyClient(passkeyAuth(store.adapter).fetch);
  const before = Date.now();
  const { authenticator, credential } = await registerNewUser(client, "lin@example.com");
  const [added] = (await account(client)).body.passkeys;
  expect(added).toMatchObject({ id: base64(credential.id), name: null, lastUsedAt: null });
  expect(Date.parse(added.createdAt!)).toBeGreaterThanOrEqual(before);

  await client.post("authenticate", authenticator.authenticate(await authenticationOptions(client)));
  const [used] = (await account(client)).body.passkeys;
  expect(Date.parse(used.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(added.createdAt!));

  expect((await post(client, "/account/passkey/rename", { id: used.id, name: "Work laptop" })).status).toBe(200);
  expect((await account(client)).body.passkeys).toEqual([{ ...used, name: "Work laptop" }]);
});
