/**
 * The jwt session's `sid` is what the session list shows and `revokeSession` refuses. Who can move it: a
 * jwt callback that merges update data into the token (a pattern apps copy for `update()`), and cookies
 * minted by the reference library or an older version, which carry none. Either way a session must not
 * slip out of the list and out of per-session revocation.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { encode } from "../../../src/jwt.js";
import type { JWT } from "../../../src/shared-types.js";
import { alice, localClient, makeAuth, secret, type Client } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const list = async (client: Client) => (await (await client.send("/sessions", { headers: { accept: "application/json" } })).json()) as { id: string; current: boolean }[];
const revokeOthers = async (client: Client) => client.send("/sessions/revoke", { json: { others: true, csrfToken: await client.csrfToken() }, headers: { accept: "application/json" } });

describe("the jwt session's sid", () => {
  it("a jwt callback that merges update data cannot drop or replace the sid: the listed id still ends the session", async () => {
    const auth = makeAuth({
      adapter: MemoryAdapter(),
      session: { strategy: "jwt" },
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as JWT) } : token) },
    });
    const owner = localClient(auth.fetch);
    await owner.signIn();
    const [listed] = await list(owner);
    const thief = localClient(auth.fetch);
    thief.jar.set(cookieName, String(owner.jar.get(cookieName)));
    for (const sid of [null, "A".repeat(22)]) {
      const updated = await thief.send("/session", { json: { csrfToken: await thief.csrfToken(), data: { sid } } });
      expect(await updated.json()).not.toBeNull();
    }
    expect(await auth.revokeSession(listed.id)).toBe(true);
    expect(await thief.session()).toBeNull();
  });

  it("a token without a sid (reference library, older version) gets one at its next re-issue: it is listed and ends with `others`", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt", updateAge: 0 } });
    const stolen = localClient(auth.fetch);
    stolen.jar.set(cookieName, await encode({ token: { sub: alice.id, email: alice.email, name: alice.name }, secret, salt: cookieName }));
    expect(await stolen.session()).toMatchObject({ user: { email: alice.email } });
    const owner = localClient(auth.fetch);
    await owner.signIn();
    expect(await list(owner)).toHaveLength(2);
    expect(await (await revokeOthers(owner)).json()).toEqual({ revoked: 1 });
    expect(await stolen.session()).toBeNull();
    expect(await owner.session()).toMatchObject({ user: { email: alice.email } });
  });
});
