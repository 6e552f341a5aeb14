/**
 * Pre-account hijacking through OAuth: an attacker whose provider lets them show any address creates a user
 * for the victim's address. A sign-in that proves the address (an email link, or a provider trusted to link by
 * email that asserts the address verified) takes that user over without the attacker's account or sessions; a
 * provider that says it has not verified the address is never linked by email.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig } from "../../../src/index.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import { errorLog, fakeProvider, fakeUser, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { followLink, linkMailbox } from "../../helpers/link-mailbox.js";

const secret = "claim-suite-secret-0123456789abcdefghijklmn";
const victim = "eve@example.com";
const people = {
  mallory: fakeUser(201, "mallory", victim, { email: victim }),
  eve: fakeUser(202, "eve", victim, { email: victim }),
};
const { fake, servers } = fakeOAuthForSuite({ users: Object.values(people) });

async function setup(strategy: "database" | "jwt" = "database") {
  const adapter = MemoryAdapter();
  const { links, provider: email } = linkMailbox();
  const log = errorLog();
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter,
    session: { strategy },
    logger: log.logger,
    providers: [
      fakeProvider(fake, "careless"),
      fakeProvider(fake, "trusting", { allowDangerousEmailAccountLinking: true }),
      { id: "oidc", name: "OIDC", type: "oidc", issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret, allowDangerousEmailAccountLinking: true },
      email,
    ],
  };
  const transport = await serveApp(config, fake, ["careless", "trusting", "oidc"]);
  servers.push(transport);
  const client = () => createClient(transport);
  const signIn = (c: Client, login: keyof typeof people, provider: string) => signInAtFake(c, fake, provider, { login });
  const emailOf = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;
  /** Asks for a link and follows it, pressing the confirmation page's button when the GET shows one. */
  async function signInByLink(c: Client) {
    await c.send("/signin/email", { form: { email: victim, csrfToken: await c.csrfToken(), callbackUrl: "/welcome" } });
    return followLink(c, links.at(-1)!);
  }
  return { adapter, transport, client, signIn, emailOf, signInByLink };
}

/** The attacker signs in with a provider that shows them the victim's address: a new, unverified user. */
async function attackerFirst(t: Awaited<ReturnType<typeof setup>>) {
  const attacker = t.client();
  await t.signIn(attacker, "mallory", "careless");
  expect(await t.emailOf(attacker)).toBe(victim);
  expect(await t.adapter.getUserByEmail(victim)).toMatchObject({ emailVerified: null });
  return attacker;
}

describe("a user made for someone else's address", () => {
  // under jwt, the attacker's cookie names the claimed user's id: it must end with the claim
  it.each(["database", "jwt"] as const)("the owner's email link takes it over: the attacker's account is unlinked and their session ends (%s sessions)", async (strategy) => {
    const t = await setup(strategy);
    const attacker = await attackerFirst(t);
    const owner = t.client();
    const { opened, signedIn } = await t.signInByLink(owner);
    expect(opened.status).toBe(200);
    expect(signedIn.status).toBe(302);
    expect(await t.emailOf(owner)).toBe(victim);

    const user = await t.adapter.getUserByEmail(victim);
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(await t.adapter.getAccount("201", "careless")).toBeNull();
    expect(await t.emailOf(attacker)).toBeNull();
    const { response } = await t.signIn(attacker, "mallory", "careless");
    expect(response.headers.get("location")).toBe(`${t.transport.origin}/auth/signin?error=OAuthAccountNotLinked`);
    expect(await t.emailOf(attacker)).toBeNull();
  });

  it.each(["database", "jwt"] as const)("the owner's sign-in with a provider trusted to link by email, which proves the address, takes it over the same way (%s sessions)", async (strategy) => {
    const t = await setup(strategy);
    const attacker = await attackerFirst(t);
    const owner = t.client();
    fake.idToken = (grant) => fake.signIdToken(grant, { email: victim, email_verified: true });
    try {
      await t.signIn(owner, "eve", "oidc");
    } finally {
      fake.idToken = undefined;
    }
    expect(await t.emailOf(owner)).toBe(victim);
    const user = await t.adapter.getUserByEmail(victim);
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(await t.adapter.getAccount("202", "oidc")).toMatchObject({ userId: user!.id });
    expect(await t.adapter.getAccount("201", "careless")).toBeNull();
    expect(await t.emailOf(attacker)).toBeNull();
  });

  it.each([
    ["false", false],
    ['"false"', "false"],
    ["an object that cannot become text", { toString: 1 }],
  ])("a provider that says the address is unverified (email_verified %s) is not linked by email, even when trusted to", async (_label, emailVerified) => {
    const t = await setup();
    const owner = t.client();
    await t.signInByLink(owner);
    await owner.signOut();
    fake.idToken = (grant) => fake.signIdToken(grant, { email: victim, email_verified: emailVerified });
    try {
      const attacker = t.client();
      const { response } = await t.signIn(attacker, "mallory", "oidc");
      expect(response.headers.get("location")).toBe(`${t.transport.origin}/auth/signin?error=OAuthAccountNotLinked`);
      expect(await t.emailOf(attacker)).toBeNull();
      expect(await t.adapter.getAccount("201", "oidc")).toBeNull();
    } finally {
      fake.idToken = undefined;
    }
  });

  it.each([
    ["true", true, true],
    ['"true" (as Apple sends it)', "true", true],
    ["1", 1, false],
    ['"yes"', "yes", false],
  ])(
    "email_verified %s (%j) on a new user's profile records the address as proven: %s",
    async (_label, emailVerified, proven) => {
      const t = await setup();
      fake.idToken = (grant) => fake.signIdToken(grant, { email: victim, email_verified: emailVerified as never });
      try {
        await t.signIn(t.client(), "eve", "oidc");
      } finally {
        fake.idToken = undefined;
      }
      const user = await t.adapter.getUserByEmail(victim);
      expect(user?.emailVerified instanceof Date).toBe(proven);
    },
  );
});
