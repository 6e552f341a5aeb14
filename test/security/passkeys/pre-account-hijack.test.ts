/**
 * Passkey pre-account hijacking: an attacker registers a passkey for an address they do not own, which
 * creates an unverified user. When the owner of the address signs in by email link, that user must come to
 * them with nothing of the attacker's attached: the passkey no longer opens it and the attacker's session ends.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import Passkey from "../../../src/providers/passkey.js";
import { authenticationOptions, base64, callbackUrl, origin, passkeyAuth, passkeyClient, registerNewUser, registrationOptions, sqliteStore, verificationErrorUrl, type PasskeyClient } from "../../integration/webauthn/fixtures.js";
import { createSoftAuthenticator } from "../../integration/webauthn/soft-authenticator.js";
import { followLink, linkMailbox } from "../../helpers/link-mailbox.js";

/** Only the Auth.js contract: no transactions, no detachUser, as an adapter written for the reference. */
function contractOnly(adapter: Adapter): Adapter {
  const { transaction: _t, detachUser: _d, purgeExpired: _p, ...methods } = adapter as Adapter & Record<string, unknown>;
  return methods as Adapter;
}

const stores: Array<[string, () => Promise<{ adapter: Adapter; close(): void }>]> = [
  ["memory", async () => ({ adapter: MemoryAdapter(), close() {} })],
  ["SQLite", sqliteStore],
  ["a contract-only adapter", async () => ({ adapter: contractOnly(MemoryAdapter()), close() {} })],
];

const victim = "victim@example.com";

/** Asks for a link for `email` and follows it, pressing the confirmation page's button when it shows one; returns what the GET answered. */
async function signInByLink(client: PasskeyClient, links: string[], email: string) {
  const asked = await client.send("/signin/email", { form: { email, csrfToken: await client.csrfToken(), callbackUrl } });
  expect(asked.status).toBe(302);
  const { opened, signedIn } = await followLink(client, links.at(-1)!);
  expect(signedIn.headers.get("location")).toBe(callbackUrl);
  return opened;
}

describe.each(stores)("passkey registered for someone else's address, over %s", (_name, open) => {
  for (const strategy of ["database", "jwt"] as const) {
    it(`the owner's email-link sign-in takes the user over without the attacker's passkey (${strategy} sessions)`, async () => {
      const { adapter, close } = await open();
      try {
        const { links, provider } = linkMailbox();
        const auth = passkeyAuth(adapter, { providers: [Passkey(), provider], session: { strategy } });
        const attacker = passkeyClient(auth.fetch);
        const { authenticator } = await registerNewUser(attacker, victim);
        expect(await adapter.getUserByEmail!(victim)).toMatchObject({ emailVerified: null });

        const owner = passkeyClient(auth.fetch);
        // the GET only asks: a claim removes things, so it waits for the button's POST
        expect((await signInByLink(owner, links, victim)).status).toBe(200);
        expect(await owner.session()).toMatchObject({ user: { email: victim } });

        const claimed = await adapter.getUserByEmail!(victim);
        expect(claimed?.emailVerified).toBeInstanceOf(Date);
        expect(await adapter.listAuthenticatorsByUserId!(claimed!.id)).toEqual([]);
        expect(await adapter.getAuthenticator!(base64(authenticator.credentials[0].id))).toBeNull();
        // under jwt too: the attacker's cookie names the claimed user's id (detachUser keeps it)
        expect(await attacker.session()).toBeNull();

        await attacker.signOut();
        const signIn = await attacker.post("authenticate", authenticator.authenticate(await authenticationOptions(attacker)));
        expect(signIn.headers.get("location")).toBe(verificationErrorUrl);
        expect(await attacker.session()).toBeNull();
        expect(await owner.session()).toMatchObject({ user: { email: victim } });
      } finally {
        close();
      }
    });
  }

  it("a passkey the user added while their address was verified stays", async () => {
    const { adapter, close } = await open();
    try {
      const { links, provider } = linkMailbox();
      const auth = passkeyAuth(adapter, { providers: [Passkey(), provider] });
      const owner = passkeyClient(auth.fetch);
      await signInByLink(owner, links, victim);
      const passkey = createSoftAuthenticator(origin).register(await registrationOptions(owner, { action: "register" }));
      expect((await owner.post("register", passkey)).headers.get("location")).toBe(callbackUrl);
      await owner.signOut();

      await signInByLink(owner, links, victim);
      const user = await adapter.getUserByEmail!(victim);
      expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1);
    } finally {
      close();
    }
  });
});
