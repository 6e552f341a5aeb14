/**
 * At a first OAuth sign-in, createUser and linkAccount are one unit on a real store: when linking fails,
 * no user row is left behind (which would otherwise block the next attempt with OAuthAccountNotLinked),
 * and the user sees the error page. Failures come from the adapter (linkAccount throws, inside the
 * transaction or, for an adapter without transactions, undone by deleteUser) and from the database itself.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import type { Adapter } from "../../../src/adapters/index.js";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, sessionCookie, startHarness, type Harness, type Served } from "./harness.js";
import { forEachEmptyStore } from "./stores.js";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.close());

const refuse = async (): Promise<never> => {
  throw new Error("linkAccount refused");
};

/** linkAccount throws, wherever it is called from: the adapter itself or a transaction's scope. */
function failingLink(adapter: TransactionalAdapter): TransactionalAdapter {
  return {
    ...adapter,
    linkAccount: refuse,
    transaction: (fn) => adapter.transaction((tx) => fn({ ...tx, linkAccount: refuse })),
  };
}

/** linkAccount throws, and there are no transactions: the adapter of a library that has none. */
function failingLinkWithoutTransactions(adapter: TransactionalAdapter): Adapter {
  const { transaction: _, ...rest } = adapter;
  return { ...rest, linkAccount: refuse };
}

await forEachEmptyStore((store) => {
  async function expectNothingLeft(app: Served, response: Response, client: ReturnType<Served["client"]>) {
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/error");
    expect(location.searchParams.get("error")).toBe("Configuration");
    const page = await client.send(location.href);
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await store.rows("users")).toEqual([]);
    expect(await store.rows("accounts")).toEqual([]);
    expect(await store.rows("sessions")).toEqual([]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(app.named("createUser")).toEqual([]);
    expect(app.named("signIn")).toEqual([]);
  }

  /** With the failure gone, the same person signs in cleanly: nothing from the failed attempt is in the way. */
  async function expectCleanRetry() {
    const app = harness.serve(store.adapter);
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "alice");
    expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);
    expect(await store.rows("users")).toEqual([expect.objectContaining({ email: people.alice.email })]);
    expect(await store.rows("accounts")).toHaveLength(1);
    expect(((await client.session()) as any).user.email).toBe(people.alice.email);
  }

  it("rolls the new user back when linkAccount throws inside the transaction", async () => {
    const app = harness.serve(failingLink(store.adapter));
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "alice");
    await expectNothingLeft(app, response, client);
    expect(app.errors.join("\n")).toContain("linkAccount refused");
    await expectCleanRetry();
  });

  it("deletes the new user again when linkAccount throws and the adapter has no transactions", async () => {
    const app = harness.serve(failingLinkWithoutTransactions(store.adapter));
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "alice");
    await expectNothingLeft(app, response, client);
    await expectCleanRetry();
  });

  it("rolls the new user back when the database refuses the account row", async () => {
    const restore = await store.refuseInserts("accounts");
    try {
      const app = harness.serve(store.adapter);
      const client = app.client();
      const { response } = await signInThroughIdp(client, "idp", "alice");
      await expectNothingLeft(app, response, client);
      expect(app.errors.join("\n")).toContain("insert refused");
    } finally {
      await restore();
    }
    await expectCleanRetry();
  });
});
