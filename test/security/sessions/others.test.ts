/**
 * `POST /sessions/revoke` with `others: true` is what a user presses after noticing a stranger's session:
 * every session of theirs but the current one must end, including those the list cannot show (database rows
 * from before session records existed). Only the literal `true` (JSON) or "true" (form) means "others".
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { localClient, makeAuth, adapterWithAlice, type Client } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const revoke = async (client: Client, body: Record<string, unknown>) =>
  client.send("/sessions/revoke", { json: { ...body, csrfToken: await client.csrfToken() }, headers: { accept: "application/json" } });

describe("others: true", () => {
  it("database strategy: ends a row the list does not show (created before session records), and keeps the current one", async () => {
    const { adapter, user, provider } = await adapterWithAlice();
    const auth = makeAuth({ adapter, providers: [provider], session: { strategy: "database" } });
    await adapter.createSession!({ sessionToken: "stolen-before-the-upgrade", userId: user.id, expires: new Date(Date.now() + 3_600_000) });
    const thief = localClient(auth.fetch);
    thief.jar.set(cookieName, "stolen-before-the-upgrade");
    const owner = localClient(auth.fetch);
    await owner.signIn();
    expect(await (await revoke(owner, { others: true })).json()).toEqual({ revoked: 1 });
    expect(await adapter.getSessionAndUser!("stolen-before-the-upgrade")).toBeNull();
    expect(await thief.session()).toBeNull();
    expect(await owner.session()).toMatchObject({ user: { email: user.email } });
  });

  it("anything but true or \"true\" is not `others`: without an id it is 400 and ends nothing", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const owner = localClient(auth.fetch);
    const phone = localClient(auth.fetch);
    await owner.signIn();
    await phone.signIn();
    for (const others of [1, "1", "TRUE", "yes", false, "false", ["true"], { value: true }]) {
      const response = await revoke(owner, { others });
      expect(response.status, JSON.stringify(others)).toBe(400);
    }
    expect(await phone.session()).not.toBeNull();
  });
});
