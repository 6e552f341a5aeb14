import { describe, expect, it } from "vitest";
import { decode } from "../../../src/jwt.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { databaseSessionId } from "../../../src/session/records/record.js";
import { adapterWithAlice, alice, localClient, makeAuth, secret } from "../../helpers/auth-client.js";

const sessionCookie = "authjs.session-token";

async function sidOf(client: ReturnType<typeof localClient>): Promise<string> {
  const token = await decode({ token: client.jar.get(sessionCookie), secret, salt: sessionCookie });
  return String(token?.sid);
}

describe("revocable sessions, jwt strategy", () => {
  it("every token carries a 128-bit sid, kept across re-issues", async () => {
    const auth = makeAuth({ session: { updateAge: 0 } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const sid = await sidOf(client);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const before = client.jar.get(sessionCookie);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.session();
    expect(client.jar.get(sessionCookie)).not.toBe(before);
    expect(await sidOf(client)).toBe(sid);
  });

  it("revokeSession refuses that session's cookie at once on this instance, and leaves others signed in", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const phone = localClient(auth.fetch);
    const laptop = localClient(auth.fetch);
    await phone.signIn();
    await laptop.signIn();
    expect(await auth.revokeSession(await sidOf(phone))).toBe(true);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { email: alice.email } });
  });

  it("revokeSessions signs the user out everywhere, and a new sign-in works afterwards", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    const phone = localClient(auth.fetch);
    const laptop = localClient(auth.fetch);
    await phone.signIn();
    await laptop.signIn();
    expect(await auth.revokeSessions({ userId: alice.id })).toBe(2);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await phone.signIn();
    expect(await phone.session()).toMatchObject({ user: { email: alice.email } });
  });

  it("without an adapter, revocation holds in the process that made it", async () => {
    const auth = makeAuth();
    const client = localClient(auth.fetch);
    await client.signIn();
    await auth.revokeSessions({ userId: alice.id });
    expect(await client.session()).toBeNull();
  });
});

describe("revocable sessions, database strategy", () => {
  it("revokeSession deletes that session's row; revokeSessions deletes them all", async () => {
    const { adapter, user, provider } = await adapterWithAlice();
    const auth = makeAuth({ adapter, providers: [provider], session: { strategy: "database" } });
    const phone = localClient(auth.fetch);
    const laptop = localClient(auth.fetch);
    const tablet = localClient(auth.fetch);
    for (const client of [phone, laptop, tablet]) await client.signIn();
    const records = await adapter.sessionRecords.list(user.id);
    expect(records).toHaveLength(3);
    const phoneToken = String(phone.jar.get(sessionCookie));
    expect(await auth.revokeSession(await databaseSessionId(phoneToken))).toBe(true);
    expect(await adapter.getSessionAndUser(phoneToken)).toBeNull();
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { email: alice.email } });
    expect(await auth.revokeSessions({ userId: user.id })).toBe(2);
    expect(await laptop.session()).toBeNull();
    expect(await tablet.session()).toBeNull();
    expect(await adapter.sessionRecords.list(user.id)).toEqual([]);
  });
});
