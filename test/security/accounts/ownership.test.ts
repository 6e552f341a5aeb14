/**
 * Who owns a user (issue 22, finding 1), on real SQLite and PostgreSQL, with the real OpenID provider and a
 * GitHub-style server. A provider that proves the address (OIDC `email_verified`, GitHub's verified primary
 * address) makes a verified user, which no later sign-in takes anything from; a GET of an emailed link never
 * removes anything; two providers trusted to link by email no longer take the user from each other; and what an
 * attacker attached without proof still goes when the owner proves the address.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { customFetch } from "../../../src/index.js";
import type { OAuthProviderConfig } from "../../../src/providers/index.js";
import GitHub from "../../../src/providers/github.js";
import { createClient, overHttp, type Client, type FetchLike, type Transport } from "../../helpers/auth-client.js";
import { fakeProvider, fakeUser, rewritingFetch, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { confirmationForm, linkMailbox } from "../../helpers/link-mailbox.js";
import { startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { signInThroughIdp } from "../../integration/oauth/oidc-flow.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { oidcProvider } from "../../integration/database/harness.js";

const secret = "ownership-suite-secret-0123456789abcdefghij";
const victim = "eve@example.com";
const sessionCookie = "authjs.session-token";

const { fake } = fakeOAuthForSuite({
  users: [
    // GitHub: the address comes from /user/emails, primary and verified
    fakeUser(301, "eve", victim),
    // the address shown publicly on /user: nothing says it was verified
    fakeUser(302, "eve-public", victim, { email: victim }),
    fakeUser(303, "mallory", victim, { email: victim }),
    fakeUser(304, "mallory-caps", victim, { email: "EVE@Example.com" }),
  ],
});

const oidcIds = ["idp", "trusting", "remapped"];
const fakeIds = ["github", "careless", "loose-a", "loose-b"];
let idp: Idp;
let transport: Transport;
let current: FetchLike = () => new Response(null, { status: 503 });

beforeAll(async () => {
  idp = await startIdp([{ sub: "eve", email: victim, name: "Eve" }]);
  transport = await overHttp((request) => current(request));
  await idp.setRedirectUris(oidcIds.map((id) => `${transport.origin}/auth/callback/${id}`));
  for (const id of fakeIds) fake.redirectUris.add(`${transport.origin}/auth/callback/${id}`);
});
afterAll(async () => {
  await transport?.close();
  await idp?.close();
});

const oidc = (id: string, overrides: Partial<OAuthProviderConfig> = {}) => oidcProvider(idp, id, overrides);

/** A fresh instance on `adapter`: OIDC "idp" (proves), "trusting" (proves, links by email), GitHub (links by email), "careless" (proves nothing), two "loose" ones (prove nothing, link by email), email. */
function serve(adapter: Adapter) {
  const { links, provider: email } = linkMailbox();
  const linking = { allowDangerousEmailAccountLinking: true };
  const auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [
        oidc("idp"),
        oidc("trusting", linking),
        // an app's own mapping that takes the address from elsewhere than the claim email_verified is about
        oidc("remapped", { profile: (profile) => ({ id: String(profile.sub), name: profile.name, email: `${profile.sub}@elsewhere.example` }) }),
        GitHub({ clientId: fake.clientId, clientSecret: fake.clientSecret, ...linking, [customFetch]: rewritingFetch(fake, []) }),
        fakeProvider(fake, "careless"),
        fakeProvider(fake, "loose-a", linking),
        fakeProvider(fake, "loose-b", linking),
        email,
      ],
    },
    { env: {} },
  );
  current = auth.fetch;
  const client = () => createClient(transport);
  return {
    client,
    /** Asks for a sign-in link for the victim's address, as anyone can, and returns it. */
    async requestLink(asker: Client = client()) {
      const asked = await asker.send("/signin/email", { form: { email: victim, csrfToken: await asker.csrfToken(), callbackUrl: "/inbox" } });
      expect(asked.status).toBe(302);
      return links.at(-1)!;
    },
    signIn: (c: Client, id: string, login: string) =>
      oidcIds.includes(id) ? signInThroughIdp(c, id, login) : signInAtFake(c, fake, id, { login }),
  };
}

const emailOf = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;

await forEachEmptyStore((store) => {
  const accountsOf = async () => (await store.rows("accounts")).map((row) => row.provider).sort();
  const location = (response: Response) => response.headers.get("location");

  it.each([
    ["the OpenID provider's email_verified", "idp"],
    ["GitHub's verified primary address", "github"],
  ])("(a) a user whose IdP proved the address (%s) loses nothing when anyone's email link for it is fetched", async (_label, provider) => {
    const app = serve(store.adapter);
    const owner = app.client();
    await app.signIn(owner, provider, "eve");
    const [user] = await store.rows("users");
    expect(user.emailVerified).not.toBeNull();

    // an attacker asks for a link to the owner's address; a mail gateway opens it
    const link = await app.requestLink();
    await app.client().send(link);

    expect(await accountsOf()).toEqual([provider]);
    expect(await store.rows("sessions", { sessionToken: owner.jar.get(sessionCookie) })).toHaveLength(1);
    expect(await emailOf(owner)).toBe(victim);
    const again = app.client();
    expect(location((await app.signIn(again, provider, "eve")).response)).toBe(`${transport.origin}/welcome`);
    expect(await emailOf(again)).toBe(victim);
    expect(await store.rows("users")).toHaveLength(1);
  });

  it("(b) a GET of the link never removes anything: it shows a form, and only its POST with the CSRF token signs in", async () => {
    const app = serve(store.adapter);
    const owner = app.client();
    await app.signIn(owner, "careless", "eve-public");
    expect((await store.rows("users"))[0].emailVerified).toBeNull();

    const link = await app.requestLink();
    const gateway = app.client();
    const opened = await gateway.send(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const { action, fields } = await confirmationForm(opened);
    expect(Object.keys(fields).sort()).toEqual(["callbackUrl", "csrfToken", "email", "token"]);
    expect(gateway.jar.get(sessionCookie)).toBeUndefined();
    expect(await store.rows("verification_token")).toHaveLength(1);
    expect(await accountsOf()).toEqual(["careless"]);
    expect(await emailOf(owner)).toBe(victim);

    // a page elsewhere posting the form without this browser's CSRF cookie changes nothing
    const forged = await app.client().send(action, { form: fields });
    expect(location(forged)).toBe(`${transport.origin}/auth/signin?error=MissingCSRF`);
    expect(await accountsOf()).toEqual(["careless"]);
    expect(await store.rows("verification_token")).toHaveLength(1);

    // the person at the mailbox presses the button: the proof claims what was attached without one
    const pressed = await gateway.send(action, { form: fields });
    expect(location(pressed)).toBe(`${transport.origin}/inbox`);
    expect(await emailOf(gateway)).toBe(victim);
    expect(await accountsOf()).toEqual([]);
    expect(await emailOf(owner)).toBeNull();
    expect((await store.rows("users"))[0].emailVerified).not.toBeNull();
  });

  it.each([
    ["both prove the address", "trusting", "github", "eve"],
    ["neither proves it", "loose-a", "loose-b", "eve-public"],
  ])("(c) two providers trusted to link by email (%s) stay linked side by side, and every session stays", async (_label, first, second, login) => {
    const app = serve(store.adapter);
    const signedIn: Client[] = [];
    for (const provider of [first, second, first, second]) {
      const c = app.client();
      const { response } = await app.signIn(c, provider, login);
      expect(location(response)).toBe(`${transport.origin}/welcome`);
      signedIn.push(c);
    }
    expect(await store.rows("users")).toHaveLength(1);
    expect(await accountsOf()).toEqual([first, second].sort());
    expect(await store.rows("sessions")).toHaveLength(4);
    for (const c of signedIn) expect(await emailOf(c)).toBe(victim);
  });

  it.each([
    ["an email link, confirmed", "email"],
    ["a provider trusted to link by email that proves the address", "trusting"],
  ])("(d) what an attacker attached without proof goes when the owner proves the address by %s", async (_label, proof) => {
    const app = serve(store.adapter);
    const attacker = app.client();
    await app.signIn(attacker, "careless", "mallory");
    expect(await emailOf(attacker)).toBe(victim);

    const owner = app.client();
    if (proof === "email") {
      const { action, fields } = await confirmationForm(await owner.send(await app.requestLink(owner)));
      expect(location(await owner.send(action, { form: fields }))).toBe(`${transport.origin}/inbox`);
    } else {
      expect(location((await app.signIn(owner, "trusting", "eve")).response)).toBe(`${transport.origin}/welcome`);
    }
    expect(await emailOf(owner)).toBe(victim);
    expect(await accountsOf()).toEqual(proof === "email" ? [] : ["trusting"]);
    expect(await emailOf(attacker)).toBeNull();
    const back = await app.signIn(attacker, "careless", "mallory");
    expect(location(back.response)).toBe(`${transport.origin}/auth/signin?error=OAuthAccountNotLinked`);
    expect(await emailOf(attacker)).toBeNull();
  });

  it("(attack) an unproven account showing a case variant of a proven user's address gets nothing of that user", async () => {
    const app = serve(store.adapter);
    const owner = app.client();
    await app.signIn(owner, "idp", "eve");
    const attacker = app.client();
    await app.signIn(attacker, "careless", "mallory-caps");
    const [eve] = await store.rows("users", { email: victim });
    expect((await store.rows("accounts", { userId: eve.id })).map((row) => row.provider)).toEqual(["idp"]);
    expect(await store.rows("sessions", { userId: eve.id })).toHaveLength(1);
    expect(await emailOf(owner)).toBe(victim);
    expect(await emailOf(attacker)).not.toBe(victim);
    // the variant's link goes to the owner's mailbox, and signs in the owner's user
    const link = await app.requestLink(attacker);
    expect(new URL(link).searchParams.get("email")).toBe(victim);
  });

  it("(attack) email_verified proves only the address it is about: an app's mapping that takes the address elsewhere gets an unverified user", async () => {
    const app = serve(store.adapter);
    await app.signIn(app.client(), "remapped", "eve");
    expect(await store.rows("users")).toEqual([expect.objectContaining({ email: "eve@elsewhere.example", emailVerified: null })]);
  });

  it("a user stored unverified before this version is recorded verified at its next proving sign-in, losing nothing", async () => {
    const user = await store.adapter.createUser({ id: "", email: victim, name: "Eve", emailVerified: null });
    for (const [provider, providerAccountId] of [["idp", "eve"], ["careless", "302"]])
      await store.adapter.linkAccount({ userId: user.id, type: "oauth", provider, providerAccountId });
    const app = serve(store.adapter);
    const owner = app.client();
    expect(location((await app.signIn(owner, "idp", "eve")).response)).toBe(`${transport.origin}/welcome`);
    expect((await store.rows("users"))[0].emailVerified).not.toBeNull();
    expect(await accountsOf()).toEqual(["careless", "idp"]);
    const other = app.client();
    await app.signIn(other, "careless", "eve-public");
    expect(await emailOf(other)).toBe(victim);
    expect(await emailOf(owner)).toBe(victim);
  });
});
