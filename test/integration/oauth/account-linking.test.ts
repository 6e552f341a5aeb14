/**
 * Account linking against the MemoryAdapter, over the whole OAuth round trip with a fake OAuth server: each
 * row of the linking table, under both session strategies, and one code replayed in parallel.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig } from "../../../src/index.js";
import type { SessionStrategy } from "../../../src/config/session-options.js";
import { createClient, type Client, type Transport } from "../../helpers/auth-client.js";
import { errorLog, fakeProvider, fakeUser, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "linking-suite-secret-0123456789abcdefghijkl";
const people = {
  ann: fakeUser(101, "ann", "ann@example.com", { email: "ann@example.com" }),
  bob: fakeUser(102, "bob", "bob@example.com", { email: "bob@example.com" }),
  cyd: fakeUser(103, "cyd", "cyd@example.com", { email: "cyd@example.com" }),
  eve: fakeUser(104, "eve", "eve@example.com", { email: "eve@example.com" }),
};

const { fake, servers } = fakeOAuthForSuite({ users: Object.values(people) });

async function setup(strategy: SessionStrategy) {
  const adapter = MemoryAdapter();
  const events: { name: string; message: any }[] = [];
  const jwtCalls: { trigger?: string; isNewUser?: boolean; sub?: string }[] = [];
  const record = (name: string) => (message: any) => void events.push({ name, message });
  const log = errorLog();
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter,
    session: { strategy },
    logger: log.logger,
    providers: [fakeProvider(fake, "fake"), fakeProvider(fake, "trusting", { allowDangerousEmailAccountLinking: true })],
    events: { createUser: record("createUser"), linkAccount: record("linkAccount"), signIn: record("signIn") },
    callbacks: {
      jwt: ({ token, trigger, isNewUser }) => {
        jwtCalls.push({ trigger, isNewUser, sub: token.sub });
        return token;
      },
    },
  };
  const transport = await serveApp(config, fake, ["fake", "trusting"]);
  servers.push(transport);
  const signIn = (client: Client, login: keyof typeof people, providerId = "fake") => signInAtFake(client, fake, providerId, { login });
  const emailOf = async (client: Client) => ((await client.session()) as any)?.user?.email ?? null;
  const named = (name: string) => events.filter((e) => e.name === name);
  return { adapter, events, named, jwtCalls, log, transport, signIn, emailOf, client: () => createClient(transport) };
}

for (const strategy of ["database", "jwt"] as const) {
  describe(`account linking (${strategy} sessions)`, () => {
    it("refuses an account already linked to another user while signed in: OAuthAccountNotLinked", async () => {
      const t = await setup(strategy);
      await t.signIn(t.client(), "ann");
      const bob = t.client();
      await t.signIn(bob, "bob");
      const { response } = await t.signIn(bob, "ann");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/auth/signin?error=OAuthAccountNotLinked`);
      expect(await t.emailOf(bob)).toBe("bob@example.com");
      expect((await t.adapter.getUserByAccount!({ provider: "fake", providerAccountId: "101" }))?.email).toBe("ann@example.com");
      expect(t.named("linkAccount")).toHaveLength(2);
    });

    it("signs a known account in as its owner when nobody is signed in", async () => {
      const t = await setup(strategy);
      await t.signIn(t.client(), "ann");
      const again = t.client();
      const { response } = await t.signIn(again, "ann");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/welcome`);
      expect(await t.emailOf(again)).toBe("ann@example.com");
      expect(t.named("createUser")).toHaveLength(1);
      expect(t.named("signIn").map((e) => e.message.isNewUser)).toEqual([true, false]);
      expect(t.named("signIn")[1].message.user.id).toBe(t.named("createUser")[0].message.user.id);
    });

    it("links a new account to the signed-in user and emits linkAccount", async () => {
      const t = await setup(strategy);
      const ann = t.client();
      await t.signIn(ann, "ann");
      const annId = t.named("createUser")[0].message.user.id;
      const { response } = await t.signIn(ann, "cyd");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/welcome`);
      expect((await t.adapter.getUserByAccount!({ provider: "fake", providerAccountId: "103" }))?.id).toBe(annId);
      expect(await t.adapter.getUserByEmail!("cyd@example.com")).toBeNull();
      expect(t.named("createUser")).toHaveLength(1);
      const linked = t.named("linkAccount").at(-1)!.message;
      expect(linked.user.id).toBe(annId);
      expect(linked.account).toMatchObject({ provider: "fake", providerAccountId: "103", userId: annId });
      expect(await t.emailOf(ann)).toBe("ann@example.com");
    });

    it("refuses a new account whose email belongs to an existing user: OAuthAccountNotLinked", async () => {
      const t = await setup(strategy);
      await t.adapter.createUser!({ id: "", email: "eve@example.com", emailVerified: null, name: "Eve" });
      const client = t.client();
      const { response } = await t.signIn(client, "eve");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/auth/signin?error=OAuthAccountNotLinked`);
      expect(await t.adapter.getUserByAccount!({ provider: "fake", providerAccountId: "104" })).toBeNull();
      expect(t.named("linkAccount")).toHaveLength(0);
      expect(client.jar.get("authjs.session-token")).toBeUndefined();
      expect(await t.emailOf(client)).toBeNull();
    });

    it("links a new account to the user with the same email when the provider allows dangerous email linking", async () => {
      const t = await setup(strategy);
      const eve = await t.adapter.createUser!({ id: "", email: "eve@example.com", emailVerified: null, name: "Eve" });
      const client = t.client();
      const { response } = await t.signIn(client, "eve", "trusting");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/welcome`);
      expect((await t.adapter.getUserByAccount!({ provider: "trusting", providerAccountId: "104" }))?.id).toBe(eve.id);
      expect(t.named("createUser")).toHaveLength(0);
      expect(t.named("linkAccount")[0].message.user.id).toBe(eve.id);
      expect(await t.emailOf(client)).toBe("eve@example.com");
    });

    it("creates a new user with emailVerified null, links the account, and marks the sign-in as new", async () => {
      const t = await setup(strategy);
      const client = t.client();
      const { response } = await t.signIn(client, "ann");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/welcome`);
      const user = await t.adapter.getUserByAccount!({ provider: "fake", providerAccountId: "101" });
      expect(user).toMatchObject({ email: "ann@example.com", name: "Ann", emailVerified: null });
      expect(user!.id).not.toBe("101");
      expect(t.events.map((e) => e.name)).toEqual(["createUser", "linkAccount", "signIn"]);
      expect(t.named("signIn")[0].message.isNewUser).toBe(true);
      const account = await t.adapter.getAccount!("101", "fake");
      expect(account).toMatchObject({ userId: user!.id, type: "oauth", token_type: "bearer" });
      if (strategy === "jwt") {
        expect(t.jwtCalls[0]).toEqual({ trigger: "signUp", isNewUser: true, sub: user!.id });
        await t.signIn(t.client(), "ann");
        expect(t.jwtCalls.find((c, i) => i > 0 && c.trigger !== undefined)).toEqual({ trigger: "signIn", isNewUser: false, sub: user!.id });
      }
    });
  });
}

describe("one code replayed in parallel", () => {
  it("gives at most one session from ten parallel callbacks with the same code and check cookies", async () => {
    const t = await setup("database");
    const client = t.client();
    const started = await client.send("/signin/fake", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    const back = await fake.authorize(started.headers.get("location")!, "bob");
    const cookie = client.jar.header();
    const tokenRequestsBefore = fake.count("/login/oauth/access_token");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fetch(back, { redirect: "manual", headers: { cookie } })),
    );
    const sessions = responses.filter((r) => r.headers.getSetCookie().some((c) => /^authjs\.session-token=[^;]+/.test(c) && !/Max-Age=0/i.test(c)));
    expect(sessions.length).toBeLessThanOrEqual(1);
    expect(sessions).toHaveLength(1);
    expect(fake.count("/login/oauth/access_token") - tokenRequestsBefore).toBe(10);
    const refused = responses.filter((r) => !sessions.includes(r));
    for (const r of refused) expect(r.headers.get("location")).toBe(`${t.transport.origin}/auth/signin?error=OAuthCallbackError`);
    expect(t.named("createUser")).toHaveLength(1);
    expect(t.named("linkAccount")).toHaveLength(1);
    expect(t.named("signIn")).toHaveLength(1);
  });
});
