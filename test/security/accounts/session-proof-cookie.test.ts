/**
 * Database sessions on an adapter written for Auth.js keep no sign-in time, so the browser keeps the session's
 * proof of sign-in, sealed and bound to the session (`sekisho.session-proof`). A sensitive action (here, unlinking,
 * which such an adapter then refuses with 400 `UnlinkUnavailable`) passes the recent-sign-in check only with the proof
 * of its own session: not another session's, not an edited one, not none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleOnSQLite } from "../../adapters/drizzle-schemas.js";
import type { Client } from "../../helpers/auth-client.js";
import { signInThroughIdp } from "../../integration/oauth/oidc-flow.js";
import { sessionCookie, startHarness, type Harness, type Served } from "../../integration/database/harness.js";

const proofCookie = "sekisho.session-proof";

describe("the session's proof of sign-in, kept by the browser", () => {
  let harness: Harness;
  let app: Served;
  let close: () => void;

  beforeAll(async () => {
    harness = await startHarness();
    const { adapter, sqlite } = drizzleOnSQLite();
    close = () => sqlite.close();
    app = harness.serve(adapter);
  });
  afterAll(async () => {
    close?.();
    await harness?.close();
  });

  const signedIn = async (): Promise<Client> => {
    const client = app.client();
    await signInThroughIdp(client, "idp", "alice");
    expect(client.jar.get(proofCookie)).toBeTruthy();
    return client;
  };
  const unlink = async (client: Client) =>
    client.send("/account/unlink", { form: { provider: "idp", csrfToken: await client.csrfToken() } });

  it("lets its own session's sensitive action through", async () => {
    const answer = await unlink(await signedIn());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "UnlinkUnavailable" });
  });

  it("proves nothing for another session of the same user", async () => {
    const [first, second] = [await signedIn(), await signedIn()];
    second.jar.set(proofCookie, first.jar.get(proofCookie)!);
    const answer = await unlink(second);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: "RecentSignInRequired" });
  });

  it("proves nothing when edited or absent", async () => {
    const client = await signedIn();
    const sealed = client.jar.get(proofCookie)!;
    client.jar.set(proofCookie, `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`);
    expect((await unlink(client)).status).toBe(403);
    client.jar.delete(proofCookie);
    expect((await unlink(client)).status).toBe(403);
  });

  it("goes with the session at sign-out", async () => {
    const client = await signedIn();
    await client.signOut();
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(client.jar.get(proofCookie)).toBeUndefined();
  });
});
