/**
 * Provider tokens under the database strategy with an adapter written for the reference: only the Auth.js
 * contract, and a `linkAccount` that refuses fields its schema lacks, as Prisma's does. sekisho's own account
 * fields (`obtained_at`, `refresh_error`) must never reach it: a sign-in with a linked account writes the new
 * tokens by unlink and link with the contract's fields alone, and a link that fails puts the row back
 * (docs/sessions.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Adapter, AdapterAccount } from "../../../src/adapters/adapter-contract.js";
import type { Idp } from "../../helpers/oidc-idp.js";
import { signIn, startApp, startTokenIdp, type App } from "./harness.js";

const contractColumns = new Set([
  "userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "token_type",
  "scope", "id_token", "session_state", "authorization_details",
]);

function strictReferenceAdapter() {
  const inner = MemoryAdapter();
  const { transaction: _t, detachUser: _d, purgeExpired: _p, getUserAccount: _g, updateAccount: _u, sessionRecords: _s, rateLimits: _r, ...contract } =
    inner as typeof inner & Record<string, unknown>;
  const links = { failures: 0 };
  const adapter: Adapter = {
    ...(contract as Adapter),
    linkAccount: async (account: AdapterAccount) => {
      const unknown = Object.keys(account).filter((field) => !contractColumns.has(field));
      if (unknown.length > 0) throw new Error(`Unknown argument \`${unknown.join("`, `")}\``);
      if (links.failures > 0 && links.failures--) throw new Error("connection lost");
      await inner.linkAccount(account);
    },
  };
  return { adapter, links, accountOf: async (userId: string) => inner.getUserAccount(userId, "idp") };
}

let idp: Idp;
let app: App;
const store = strictReferenceAdapter();

beforeAll(async () => {
  idp = await startTokenIdp();
  app = await startApp(idp, store.adapter, "database");
  await idp.setRedirectUris([`${app.transport.origin}/auth/callback/idp`]);
});

afterAll(async () => {
  await app?.transport.close();
  await idp?.close();
});

describe("provider tokens on a reference adapter, database strategy", () => {
  it("a second sign-in stores the new tokens by unlink and link, with the contract's fields only", async () => {
    await signIn(app);
    const userId = (await store.adapter.getUserByEmail!("alice@example.com"))!.id;
    const first = (await store.accountOf(userId))!;
    expect(Object.keys(first).every((field) => contractColumns.has(field))).toBe(true);
    await signIn(app);
    const second = (await store.accountOf(userId))!;
    expect(second.access_token).toEqual(expect.any(String));
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(Object.keys(second).every((field) => contractColumns.has(field))).toBe(true);
  });

  it("a link that fails after the unlink puts the row back as it was; the sign-in stands", async () => {
    await signIn(app);
    const userId = (await store.adapter.getUserByEmail!("alice@example.com"))!.id;
    const before = (await store.accountOf(userId))!;
    store.links.failures = 1;
    await signIn(app);
    expect(store.links.failures).toBe(0);
    expect(await store.accountOf(userId)).toEqual(before);
  });
});
