/**
 * An adapter written for the reference plugs into sekisho unchanged: an OIDC sign-in and an email sign-in end to
 * end over real HTTP, with database sessions, on the adapter's own tables. Run for each published `@auth/*` adapter.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { linkIn, requestLink } from "../email/email-flow.js";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, sessionCookie, startHarness, type Harness } from "./harness.js";

type Row = Record<string, unknown>;

/** A published adapter on a fresh database, with what the suite reads and changes behind its back. */
export interface PublishedAdapterStore {
  adapter: Adapter;
  /** The rows of one of the adapter's tables, as the database holds them. */
  rows(table: "users" | "accounts" | "sessions" | "verificationTokens"): Promise<Row[]>;
  /** Empties every table. */
  clear(): Promise<void>;
  /** Moves every session's expiry into the past. */
  expireSessions(): Promise<void>;
  close(): Promise<void>;
}

export function publishedAdapterSuite(name: string, open: () => Promise<PublishedAdapterStore>): void {
  describe(`${name} with database sessions`, () => {
    let harness: Harness;
    let store: PublishedAdapterStore;
    const rows = (table: Parameters<PublishedAdapterStore["rows"]>[0]) => store.rows(table);

    beforeAll(async () => {
      harness = await startHarness();
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
      await harness?.close();
    });
    beforeEach(() => store.clear());

    it("signs in through the OpenID provider, keeps the session in its tables, and signs out", async () => {
      const app = harness.serve(store.adapter);
      const client = app.client();
      const { response } = await signInThroughIdp(client, "idp", "alice");
      expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);

      const [user, ...others] = await rows("users");
      expect(others).toEqual([]);
      // the IdP proved the address (the reference would store null)
      expect(user).toMatchObject({ email: people.alice.email, name: people.alice.name, emailVerified: expect.anything() });
      expect(await rows("accounts")).toEqual([expect.objectContaining({ userId: user.id, provider: "idp", providerAccountId: "alice", type: "oidc" })]);
      const token = client.jar.get(sessionCookie)!;
      expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: token, userId: user.id })]);
      expect(((await client.session()) as any).user).toEqual({ name: people.alice.name, email: people.alice.email, image: people.alice.picture });
      expect(app.named("createUser")).toEqual([{ user: expect.objectContaining({ id: user.id, email: people.alice.email }) }]);

      const again = app.client();
      await signInThroughIdp(again, "idp", "alice");
      expect(await rows("users")).toHaveLength(1);
      expect(await rows("sessions")).toHaveLength(2);
      expect(app.named("signIn").map((event) => event.isNewUser)).toEqual([true, false]);

      await client.signOut();
      expect((await rows("sessions")).map((row) => row.sessionToken)).toEqual([again.jar.get(sessionCookie)]);
      expect(await client.session()).toBeNull();
      expect(((await again.session()) as any).user.email).toBe(people.alice.email);
    });

    it("signs in by email: the token row consumed, the user created verified", async () => {
      const app = harness.serve(store.adapter);
      const client = app.client();
      await requestLink(client, "gus@example.com");
      expect(await rows("verificationTokens")).toHaveLength(1);
      const followed = await client.send(linkIn((await harness.smtp.waitForMessage("gus@example.com", 15_000)).text));
      expect(followed.headers.get("location")).toBe(`${app.origin}/inbox`);
      expect(await rows("verificationTokens")).toEqual([]);
      expect(await rows("users")).toEqual([expect.objectContaining({ email: "gus@example.com", emailVerified: expect.anything() })]);
      expect(((await client.session()) as any).user.email).toBe("gus@example.com");
    });

    it("signs in once with a link used many times at the same instant", async () => {
      const app = harness.serve(store.adapter);
      await requestLink(app.client(), "hal@example.com");
      const link = linkIn((await harness.smtp.waitForMessage("hal@example.com", 15_000)).text);
      const answers = await Promise.all(Array.from({ length: 20 }, () => app.client().send(link)));
      const signedIn = answers.filter((answer) => answer.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookie}=`)));
      expect(signedIn).toHaveLength(1);
      expect(await rows("sessions")).toHaveLength(1);
    });

    it("shows the account page with what the adapter can do, refuses what it cannot, and deletes the account", async () => {
      const app = harness.serve(store.adapter);
      const client = app.client();
      await signInThroughIdp(client, "idp", "alice");
      const answer = await client.send("/account");
      expect(answer.status).toBe(200);
      // Auth.js's adapters cannot list a user's accounts or delete a passkey, and keep no user factors
      expect(await answer.json()).toMatchObject({
        user: { email: people.alice.email },
        accounts: null,
        passkeyActions: { rename: false, remove: false },
      });
      const page = await client.send("/account", { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("The linked accounts are not listed here");
      expect(html).not.toContain("/account/unlink");

      const form = async (fields: Record<string, string>) => ({ form: { ...fields, csrfToken: await client.csrfToken() } });
      const unlink = await client.send("/account/unlink", await form({ provider: "idp" }));
      expect(unlink.status).toBe(400);
      expect(await unlink.json()).toMatchObject({ error: "UnlinkUnavailable" });
      expect(await rows("accounts")).toHaveLength(1);

      const deleted = await client.send("/account/delete", await form({ confirm: "DELETE" }));
      expect(deleted.status).toBe(200);
      expect(await rows("users")).toEqual([]);
      expect(await rows("accounts")).toEqual([]);
      expect(await rows("sessions")).toEqual([]);
      expect(await client.session()).toBeNull();
    });

    it("deletes an expired session row on access", async () => {
      const app = harness.serve(store.adapter);
      const client = app.client();
      await signInThroughIdp(client, "idp", "bob");
      await store.expireSessions();
      expect(await client.session()).toBeNull();
      expect(await rows("sessions")).toEqual([]);
      expect(client.jar.get(sessionCookie)).toBeUndefined();
    });
  });
}
