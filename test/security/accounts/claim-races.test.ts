/**
 * An attacker who pre-hijacked a user (an account at a provider that proves nothing, with the victim's
 * address) keeps signing in, hoping one of their sign-ins straddles the owner's claim: found the account
 * before the claim removed it, wrote its session or link after. On real SQLite, the owner's confirmed email
 * sign-in is run inside the attacker's request, at the adapter call where the race would fall.
 */
import { afterEach, expect, it } from "vitest";
import type { AdapterAccount, AdapterSession } from "../../../src/adapters/adapter-contract.js";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import { fakeProvider, fakeUser, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { followLink, linkMailbox } from "../../helpers/link-mailbox.js";
import { openSQLite, type Store } from "../../integration/database/stores.js";

const secret = "claim-races-secret-0123456789abcdefghijklmn";
const victim = "eve@example.com";
const { fake, servers } = fakeOAuthForSuite({
  users: [fakeUser(401, "mallory", victim, { email: victim }), fakeUser(402, "mallory-2", "m2@evil.example", { email: victim })],
});
const stores: Store[] = [];
afterEach(async () => Promise.all(stores.splice(0).map((store) => store.close())));

/** The app on SQLite; `hooks` run before the adapter's own createSession or linkAccount, once each when armed. */
async function setup() {
  const store = await openSQLite();
  stores.push(store);
  const hooks: { createSession?: () => Promise<void>; linkAccount?: () => Promise<void>; transaction?: () => Promise<void> } = {};
  const take = async (name: keyof typeof hooks) => {
    const hook = hooks[name];
    hooks[name] = undefined;
    await hook?.();
  };
  const adapter = {
    ...store.adapter,
    async createSession(session: AdapterSession) {
      await take("createSession");
      return store.adapter.createSession(session);
    },
    async transaction<T>(fn: (tx: TransactionalAdapter) => Promise<T>) {
      await take("transaction");
      return store.adapter.transaction(fn);
    },
    async linkAccount(account: AdapterAccount) {
      await take("linkAccount");
      await store.adapter.linkAccount(account);
    },
  };
  const { links, provider: email } = linkMailbox();
  const transport = await serveApp(
    {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [fakeProvider(fake, "careless"), fakeProvider(fake, "another"), email],
    },
    fake,
    ["careless", "another"],
  );
  servers.push(transport);
  const client = () => createClient(transport);
  /** The owner asks for a link and confirms it on the page its GET shows. */
  const ownerClaims = async (owner: Client) => {
    await owner.send("/signin/email", { form: { email: victim, csrfToken: await owner.csrfToken(), callbackUrl: "/inbox" } });
    const { opened, signedIn } = await followLink(owner, links.at(-1)!);
    expect(opened.status).toBe(200);
    expect(signedIn.headers.get("location")).toBe(`${transport.origin}/inbox`);
  };
  const emailOf = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;
  return { store, hooks, client, ownerClaims, emailOf, origin: transport.origin, links };
}

it("a sign-in that found the attacker's account before the claim removed it sets no session cookie", async () => {
  const t = await setup();
  await signInAtFake(t.client(), fake, "careless", { login: "mallory" });
  const owner = t.client();
  t.hooks.createSession = () => t.ownerClaims(owner);

  const attacker = t.client();
  const { response } = await signInAtFake(attacker, fake, "careless", { login: "mallory" });
  expect(response.headers.get("location")).toBe(`${t.origin}/auth/signin?error=OAuthAccountNotLinked`);
  expect(await t.emailOf(attacker)).toBeNull();
  expect(await t.emailOf(owner)).toBe(victim);
  expect(await t.store.rows("accounts")).toEqual([]);
});

it("an account the attacker links while signed in, landing after the claim, is undone", async () => {
  const t = await setup();
  const attacker = t.client();
  await signInAtFake(attacker, fake, "careless", { login: "mallory" });
  const owner = t.client();
  t.hooks.linkAccount = () => t.ownerClaims(owner);

  const { response } = await signInAtFake(attacker, fake, "another", { login: "mallory-2" });
  expect(response.headers.get("location")).toBe(`${t.origin}/auth/signin?error=AccountNotLinked`);
  expect(await t.store.rows("accounts")).toEqual([]);
  expect(await t.emailOf(attacker)).toBeNull();
  expect(await t.emailOf(owner)).toBe(victim);
  const back = await signInAtFake(t.client(), fake, "another", { login: "mallory-2" });
  expect(back.response.headers.get("location")).toBe(`${t.origin}/auth/signin?error=OAuthAccountNotLinked`);
});

it("two first sign-ins for one new address at once: the one that loses reads as a used link, and the owner's next link claims", async () => {
  const t = await setup();
  const attacker = t.client();
  // the attacker's sign-up lands between the owner's lookup (no user yet) and the owner's createUser
  t.hooks.transaction = async () => void (await signInAtFake(attacker, fake, "careless", { login: "mallory" }));
  const owner = t.client();
  await owner.send("/signin/email", { form: { email: victim, csrfToken: await owner.csrfToken(), callbackUrl: "/inbox" } });
  const opened = await owner.send(t.links.at(-1)!);
  // a GET claims nothing, and a lost race is not a server error
  expect(opened.headers.get("location")).toBe(`${t.origin}/auth/error?error=Verification`);
  expect(await t.store.rows("accounts")).toHaveLength(1);
  expect(await t.emailOf(attacker)).toBe(victim);

  await t.ownerClaims(owner);
  expect(await t.emailOf(owner)).toBe(victim);
  expect(await t.store.rows("accounts")).toEqual([]);
  expect(await t.emailOf(attacker)).toBeNull();
});
