/**
 * Profile values of the wrong type. A provider's answer is JSON: an `id` or `email` can arrive as an object or an
 * array. Turned into text, every object id is "[object Object]", so two people would share one account; and an
 * object or array reaches the adapter's email lookup, where a driver that expands objects into SQL (mysql2's
 * `query`) matches rows it should not. Such a profile signs no one in.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import type { OAuthProviderConfig } from "../../../src/providers/index.js";
import { fakeProvider, fakeUser, serveApp, signInAtFake, type FakeUser } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "profile-types-suite-secret-0123456789abcdefgh";
const withId = (id: unknown, login: string) =>
  fakeUser(0, login, `${login}@example.com`, { id: id as number, email: `${login}@example.com` });
const people: FakeUser[] = [
  withId({ org: "a", user: 1 }, "first"),
  withId({ org: "b", user: 2 }, "second"),
  withId(["3"], "listed"),
  fakeUser(4, "boxed", "boxed@example.com", { email: { email: 1 } as unknown as string }),
  fakeUser(5, "plain", "plain@example.com", { email: "plain@example.com" }),
];
const { fake, servers } = fakeOAuthForSuite({ users: people });

/** The default profile mapping, and an app's own that passes the provider's values through as they come. */
const providers: Array<[string, () => OAuthProviderConfig]> = [
  ["the default profile", () => fakeProvider(fake, "typed")],
  ["a profile() that passes values through", () => fakeProvider(fake, "typed", { profile: (p) => ({ id: p.id as string, email: p.email as string }) })],
];

async function app(provider: OAuthProviderConfig) {
  const adapter = MemoryAdapter();
  const transport = await serveApp({ secret, trustHost: true, adapter, logger: { error: () => {} }, providers: [provider] }, fake, ["typed"]);
  servers.push(transport);
  return { adapter, client: () => createClient(transport) };
}

const emailOf = async (client: Client) => ((await client.session()) as { user?: { email?: unknown } } | null)?.user?.email ?? null;

describe.each(providers)("a provider profile whose id or email is not text, with %s", (_name, provider) => {
  it("two people whose ids are objects never share an account", async () => {
    const { client } = await app(provider());
    const first = client();
    const second = client();
    await signInAtFake(first, fake, "typed", { login: "first" });
    await signInAtFake(second, fake, "typed", { login: "second" });
    expect(await emailOf(second)).not.toBe("first@example.com");
    expect(await emailOf(first)).toBeNull();
    expect(await emailOf(second)).toBeNull();
  });

  it.each(["listed", "boxed"])("a profile with a %s value signs no one in and stores nothing", async (login) => {
    const { adapter, client } = await app(provider());
    const browser = client();
    await signInAtFake(browser, fake, "typed", { login });
    expect(await emailOf(browser)).toBeNull();
    expect(await adapter.getUserByAccount({ provider: "typed", providerAccountId: "3" })).toBeNull();
    expect(await adapter.getUserByAccount({ provider: "typed", providerAccountId: "4" })).toBeNull();
  });

  it("a profile of the right types still signs in", async () => {
    const { client } = await app(provider());
    const browser = client();
    await signInAtFake(browser, fake, "typed", { login: "plain" });
    expect(await emailOf(browser)).toBe("plain@example.com");
  });
});
