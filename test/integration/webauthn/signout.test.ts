/** Sign-out ends a passkey ceremony begun while signed in: the challenge cookie goes with the session. */
import { describe, expect, it } from "vitest";
import { passkeyAuth, passkeyClient, registerNewUser, sqliteStorePerTest } from "./fixtures.js";

const store = sqliteStorePerTest();

describe("POST /signout", () => {
  it("clears the authjs.challenge cookie of a ceremony begun while signed in", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    await registerNewUser(client, "leaving@example.com");
    expect((await client.optionsJson({ action: "register" })).action).toBe("register");
    expect(client.jar.get("authjs.challenge")).toBeDefined();

    await client.signOut();
    expect(client.jar.names()).not.toContain("authjs.challenge");
    expect(client.jar.names()).not.toContain("authjs.session-token");
  });

  it("sets no challenge cookie when the browser holds none", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    await registerNewUser(client, "plain@example.com");
    const response = await client.signOut();
    expect(response.headers.getSetCookie().join("\n")).not.toContain("authjs.challenge");
  });
});
