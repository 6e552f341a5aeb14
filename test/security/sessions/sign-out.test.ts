/**
 * Signing out must end the session, not only this browser's copy of it. Under the jwt strategy the cookie is the
 * session: a copy taken earlier (a stolen cookie, a synced browser profile) stays valid after the owner clicks
 * "sign out" unless its `sid` is revoked. And a session that ended must leave the session list.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterWithAlice, localClient, makeAuth, type Client } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const list = async (client: Client) => (await (await client.send("/sessions", { headers: { accept: "application/json" } })).json()) as { id: string; current: boolean }[];

function copyOf(owner: Client, fetch: (request: Request) => Promise<Response>): Client {
  const copy = localClient(fetch);
  copy.jar.set(cookieName, String(owner.jar.get(cookieName)));
  return copy;
}

describe("sign-out ends the session everywhere", () => {
  it("jwt strategy with an adapter: a copy of the cookie is refused after the owner signs out, and the session leaves the list", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const owner = localClient(auth.fetch);
    const laptop = localClient(auth.fetch);
    await owner.signIn();
    await laptop.signIn();
    const stolen = copyOf(owner, auth.fetch);
    expect(await stolen.session()).not.toBeNull();
    await owner.signOut();
    expect(await stolen.session()).toBeNull();
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("jwt strategy without an adapter: the copy is refused by the process that signed out", async () => {
    const auth = makeAuth({ session: { strategy: "jwt" } });
    const owner = localClient(auth.fetch);
    await owner.signIn();
    const stolen = copyOf(owner, auth.fetch);
    await owner.signOut();
    expect(await stolen.session()).toBeNull();
  });

  it("jwt strategy, while the revocations cannot be read: the sign-out still revokes the sid, so the copy stays refused once the store answers", async () => {
    const adapter = MemoryAdapter();
    const auth = makeAuth({
      adapter,
      session: { strategy: "jwt", revocationCheckInterval: 0 },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    });
    const owner = localClient(auth.fetch);
    await owner.signIn();
    const stolen = copyOf(owner, auth.fetch);
    const records = adapter.sessionRecords;
    const revokedSince = records.revokedSince;
    records.revokedSince = async () => {
      throw new Error("connection refused");
    };
    await owner.signOut();
    records.revokedSince = revokedSince;
    expect(await stolen.session()).toBeNull();
  });

  it("database strategy: the signed-out session leaves the list", async () => {
    const { adapter, provider } = await adapterWithAlice();
    const auth = makeAuth({ adapter, providers: [provider], session: { strategy: "database" } });
    const owner = localClient(auth.fetch);
    const laptop = localClient(auth.fetch);
    await owner.signIn();
    await laptop.signIn();
    expect(await list(laptop)).toHaveLength(2);
    await owner.signOut();
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });
});
