/** Start-up says when the adapter leaves the account page short (an adapter written for Auth.js), naming the fix. */
import { expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/index.js";
import Passkey from "../../../src/providers/passkey.js";
import { credentialsProvider, secret } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";

/** The memory adapter without `methods`, as an adapter written for the reference would be. */
function without(...methods: string[]): Adapter {
  const adapter = { ...MemoryAdapter() } as Record<string, unknown>;
  for (const method of methods) delete adapter[method];
  return adapter as Adapter;
}

async function warnings(adapter: Adapter, passkeys: boolean): Promise<string[]> {
  const warned: string[] = [];
  const auth = createAuth(
    {
      secret,
      adapter,
      session: { strategy: "jwt" },
      providers: [credentialsProvider(), ...(passkeys ? [Passkey()] : [])],
      experimental: { enableWebAuthn: true },
      logger: { error() {}, debug() {}, warn: (code) => void warned.push(code) },
    },
    { env: {} },
  );
  await auth.fetch(new Request("http://localhost:3000/auth/providers"));
  return warned.filter((code) => code === "account-page-limited");
}

it("warns when the adapter cannot list a user's accounts, or remove a passkey while passkeys are on", async () => {
  expect(await warnings(MemoryAdapter(), true)).toEqual([]);
  expect(await warnings(without("listUserAccounts"), false)).toEqual(["account-page-limited"]);
  expect(await warnings(without("deleteUserAuthenticator"), true)).toEqual(["account-page-limited"]);
  expect(await warnings(without("deleteUserAuthenticator"), false)).toEqual([]);
});
