/**
 * Account takeover through the callback's `user` parameter (issue 14, finding 1). An attacker finishes
 * their own sign-in and appends `user={"id":<victim>,…}` to the callback, in the query or in a posted
 * form. Only an OpenID provider that asks for form_post (Apple) may read `user`, and then only its name.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { OAuthProviderConfig, ProviderConfig } from "../../../src/providers/index.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import { fakeUser, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import type { ClickUpProfile } from "../../../src/providers/click-up.js";
import { fakeClickUp, fakeHubSpot } from "./provider-shapes.js";

const secret = "user-param-suite-secret-0123456789abcdefghij";
const victim = fakeUser(1001, "victim", "victim@example.com", { email: "victim@example.com" });
const attacker = fakeUser(2002, "mallory", "mallory@example.com", { email: "mallory@example.com" });
const { fake, servers } = fakeOAuthForSuite({ users: [victim, attacker] });

/** What `user` claims in each attack: the victim's id, address and name, in every shape a provider reads. */
const forged = JSON.stringify({ id: victim.id, user_id: victim.id, sub: String(victim.id), email: victim.email, username: "victim", name: { firstName: "Vic", lastName: "Tim" } });

async function app(provider: ProviderConfig) {
  const adapter = MemoryAdapter();
  const transport = await serveApp({ secret, trustHost: true, adapter, logger: { error: () => {} }, providers: [provider] }, fake, [provider.id]);
  servers.push(transport);
  return { adapter, client: () => createClient(transport) };
}

const sessionUser = async (client: Client) => ((await client.session()) as { user?: { email?: string; name?: string } } | null)?.user;

for (const [name, make] of [
  ["ClickUp", fakeClickUp],
  ["HubSpot", fakeHubSpot],
] as const) {
  describe(`${name}: a forged user parameter`, () => {
    it("appended to the callback query signs the attacker in as the attacker, never as the victim", async () => {
      const provider = make(fake);
      const { adapter, client } = await app(provider);
      const victimClient = client();
      await signInAtFake(victimClient, fake, provider.id, { login: "victim" });
      expect((await sessionUser(victimClient))?.email).toBe("victim@example.com");

      const mallory = client();
      const started = await mallory.send(`/signin/${provider.id}`, { form: { csrfToken: await mallory.csrfToken(), callbackUrl: "/welcome" } });
      const callback = new URL(await fake.authorize(started.headers.get("location")!, "mallory"));
      callback.searchParams.set("user", forged);
      const response = await mallory.send(callback.href);

      expect(response.headers.get("location")).toMatch(/\/welcome$/);
      expect((await sessionUser(mallory))?.email).toBe("mallory@example.com");
      const account = await adapter.getUserByAccount!({ provider: provider.id, providerAccountId: String(attacker.id) });
      expect(account?.email).toBe("mallory@example.com");
      const victimAccount = await adapter.getUserByAccount!({ provider: provider.id, providerAccountId: String(victim.id) });
      expect(victimAccount?.email).toBe("victim@example.com");
    });

    it("posted with the callback form is dropped from the redirect and never read", async () => {
      const provider = make(fake);
      const { client } = await app(provider);
      const mallory = client();
      const started = await mallory.send(`/signin/${provider.id}`, { form: { csrfToken: await mallory.csrfToken(), callbackUrl: "/welcome" } });
      const callback = new URL(await fake.authorize(started.headers.get("location")!, "mallory"));
      const form = { ...Object.fromEntries(callback.searchParams), user: forged };
      const posted = await mallory.send(callback.origin + callback.pathname, { form });

      expect(posted.status).toBe(303);
      const redirected = new URL(posted.headers.get("location")!);
      expect(redirected.searchParams.has("user")).toBe(false);
      await mallory.send(redirected.href);
      expect((await sessionUser(mallory))?.email).toBe("mallory@example.com");
    });
  });
}

describe("request input never reaches the profile of a provider that does not use form_post", () => {
  it("passes the userinfo response alone to profile(), whatever the callback query carries", async () => {
    const seen: ClickUpProfile[] = [];
    const provider: OAuthProviderConfig<ClickUpProfile> = {
      ...fakeClickUp(fake),
      id: "recording",
      profile: (profile) => {
        seen.push(profile);
        return { id: String(profile.user.id), email: profile.user.email, name: profile.user.username };
      },
    };
    const { client } = await app(provider);
    const mallory = client();
    const started = await mallory.send("/signin/recording", { form: { csrfToken: await mallory.csrfToken(), callbackUrl: "/welcome" } });
    const callback = new URL(await fake.authorize(started.headers.get("location")!, "mallory"));
    for (const [key, value] of Object.entries({ user: forged, email: "victim@example.com", sub: "1001", id: "1001", id_token: "eyJhbGciOiJub25lIn0.e30.", profile: forged })) {
      callback.searchParams.set(key, value);
    }
    await mallory.send(callback.href);

    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0])).toEqual(["user"]);
    expect(seen[0].user).toMatchObject({ id: attacker.id, email: "mallory@example.com" });
    expect((await sessionUser(mallory))?.email).toBe("mallory@example.com");
  });

  it("keeps the session's user under the default callbacks when a session update posts another user", async () => {
    const provider = fakeClickUp(fake);
    const { client } = await app(provider);
    const mallory = client();
    await signInAtFake(mallory, fake, provider.id, { login: "mallory" });
    const updated = await mallory.send("/session", {
      json: { csrfToken: await mallory.csrfToken(), data: { user: { email: "victim@example.com", name: "Victim", id: "1001" }, email: "victim@example.com", sub: "1001" } },
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { user: { email: string } }).user.email).toBe("mallory@example.com");
    expect((await sessionUser(mallory))?.email).toBe("mallory@example.com");
  });
});
