/** Reset links, sign-up races, and an unproven sign-up used against the address's later owner. */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { encodeBase64url } from "../../../src/crypto.js";
import { userFactorsOf } from "../../../src/config/user-factors.js";
import { followLink, linkMailbox } from "../../helpers/link-mailbox.js";
import { forgot, json, passwordApp, passwordSignIn, pathOf, provenUser, reset, signUp } from "../../helpers/password-app.js";

const victim = "victim@example.com";
const attacker = "mallory@example.com";
const victimPassword = "the victim's own long passphrase";
const attackerPassword = "mallory's chosen long passphrase";
const newPassword = "a brand new passphrase for this";

const signedIn = (response: Response) => response.headers.get("location") === "http://localhost:3000/";

async function resetToken(app: ReturnType<typeof passwordApp>, email: string): Promise<string> {
  await forgot(app.client(), email);
  return new URL(app.lastMail(email, "reset")!.url).searchParams.get("token")!;
}

describe("reset links", () => {
  it("work once: a second use of the same token is refused", async () => {
    const app = passwordApp(MemoryAdapter());
    await provenUser(app, victim, victimPassword);
    const token = await resetToken(app, victim);
    expect((await reset(app.client(), token, newPassword, json)).status).toBe(200);
    const again = await reset(app.client(), token, "yet another long passphrase", json);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "LinkInvalid" });
    expect(signedIn(await passwordSignIn(app.client(), victim, newPassword))).toBe(true);
  });

  it("of two racing uses of one token, exactly one sets the password", async () => {
    const app = passwordApp(MemoryAdapter());
    await provenUser(app, victim, victimPassword);
    const token = await resetToken(app, victim);
    const answers = await Promise.all(
      ["first racing passphrase here", "second racing passphrase here"].map((p) => reset(app.client(), token, p, json)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("expire", async () => {
    const app = passwordApp(MemoryAdapter(), { resetMaxAge: 60 });
    await provenUser(app, victim, victimPassword);
    const token = await resetToken(app, victim);
    const config = await app.auth.resolveConfig();
    const user = await config.adapter!.getUserByEmail!(victim);
    const factors = userFactorsOf(config);
    const [link] = (await factors.list(user!.id, "password")).filter((f) => f.id.startsWith("reset:"));
    await factors.put({ ...link, expires: Date.now() - 1 });
    expect((await reset(app.client(), token, newPassword, json)).status).toBe(400);
  });

  it("cannot be guessed or bent to another user: a changed user part, a changed random part, junk", async () => {
    const app = passwordApp(MemoryAdapter());
    await provenUser(app, victim, victimPassword);
    await provenUser(app, attacker, attackerPassword);
    const own = await resetToken(app, attacker);
    const victimId = (await (await app.auth.resolveConfig()).adapter!.getUserByEmail!(victim))!.id;
    const [, random] = own.split(".");
    const forged = [
      `${encodeBase64url(new TextEncoder().encode(victimId))}.${random}`,
      `${own.split(".")[0]}.${encodeBase64url(crypto.getRandomValues(new Uint8Array(32)))}`,
      `${encodeBase64url(new TextEncoder().encode(victimId))}.${encodeBase64url(crypto.getRandomValues(new Uint8Array(32)))}`,
      "",
      "a.b.c",
      `${encodeBase64url(new Uint8Array([0xff, 0xfe]))}.${random}`,
    ];
    for (const token of forged) {
      const answer = await reset(app.client(), token, newPassword, json);
      expect(answer.status).toBe(400);
    }
    expect(signedIn(await passwordSignIn(app.client(), victim, victimPassword))).toBe(true);
    expect(signedIn(await passwordSignIn(app.client(), attacker, attackerPassword))).toBe(true);
  });

  it("are stored hashed: the factor store holds no token", async () => {
    const app = passwordApp(MemoryAdapter());
    await provenUser(app, victim, victimPassword);
    const token = await resetToken(app, victim);
    const config = await app.auth.resolveConfig();
    const user = await config.adapter!.getUserByEmail!(victim);
    const stored = JSON.stringify(await userFactorsOf(config).list(user!.id, "password"));
    expect(stored).not.toContain(token.split(".")[1]);
  });
});

describe("sign-up races for one address", () => {
  it("parallel sign-ups make one user; each proof link proves its own password only", async () => {
    const app = passwordApp(MemoryAdapter());
    const passwords = ["racing passphrase number one", "racing passphrase number two", "racing passphrase number three"];
    await Promise.all(passwords.map((p) => signUp(app.client(), victim, p)));
    const config = await app.auth.resolveConfig();
    const users = [...new Set(await Promise.all(passwords.map(async () => (await config.adapter!.getUserByEmail!(victim))!.id)))];
    expect(users).toHaveLength(1);
    const links = app.mails.filter((m) => m.kind === "verify" && m.to === victim);
    expect(links).toHaveLength(3);
    // the second link proves the password of the sign-up that sent it, whichever finished last
    const second = links[1];
    await app.client().send(pathOf(second.url), { headers: { accept: "text/html" } });
    const which = [];
    for (const p of passwords) which.push(signedIn(await passwordSignIn(app.client(), victim, p)));
    expect(which.filter(Boolean)).toHaveLength(1);
    // the other links are spent with the proof
    expect((await app.client().send(pathOf(links[0].url), { headers: json })).status).toBe(400);
  });
});

describe("an unproven sign-up, then the address's real owner", () => {
  it("the owner's email sign-in claims the user: the attacker's password never works, nor its old link", async () => {
    const mailbox = linkMailbox();
    const app = passwordApp(MemoryAdapter(), {}, { providers: [mailbox.provider] });
    await signUp(app.client(), victim, attackerPassword);
    const attackersLink = app.lastMail(victim, "verify")!;
    // the owner signs in by email link
    const owner = app.client();
    await owner.send("/signin/email", { form: { email: victim, csrfToken: await owner.csrfToken() } });
    await followLink(owner, mailbox.links.at(-1)!);
    expect(await owner.session()).toMatchObject({ user: { email: victim } });
    expect(signedIn(await passwordSignIn(app.client(), victim, attackerPassword))).toBe(false);
    // the sign-up link predates the owner's proof: refused
    expect((await app.client().send(pathOf(attackersLink.url), { headers: json })).status).toBe(400);
    expect(signedIn(await passwordSignIn(app.client(), victim, attackerPassword))).toBe(false);
  });

  it("with allowUnverifiedSignIn the attacker's session and password end when the owner proves the address", async () => {
    const mailbox = linkMailbox();
    const app = passwordApp(MemoryAdapter(), { allowUnverifiedSignIn: true }, { providers: [mailbox.provider] });
    await signUp(app.client(), victim, attackerPassword);
    const mallory = app.client();
    expect(signedIn(await passwordSignIn(mallory, victim, attackerPassword))).toBe(true);
    expect(await mallory.session()).toMatchObject({ user: { email: victim } });
    const owner = app.client();
    await owner.send("/signin/email", { form: { email: victim, csrfToken: await owner.csrfToken() } });
    await followLink(owner, mailbox.links.at(-1)!);
    expect(await owner.session()).toMatchObject({ user: { email: victim } });
    expect(await mallory.session()).toBeNull();
    expect(signedIn(await passwordSignIn(app.client(), victim, attackerPassword))).toBe(false);
  });

  it("the owner's own password sign-up replaces the attacker's, and its proof claims the user", async () => {
    const app = passwordApp(MemoryAdapter(), { allowUnverifiedSignIn: true });
    await signUp(app.client(), victim, attackerPassword);
    await signUp(app.client(), victim, victimPassword);
    await app.client().send(pathOf(app.lastMail(victim, "verify")!.url), { headers: { accept: "text/html" } });
    expect(signedIn(await passwordSignIn(app.client(), victim, victimPassword))).toBe(true);
    expect(signedIn(await passwordSignIn(app.client(), victim, attackerPassword))).toBe(false);
  });
});

describe("mail floods", () => {
  it("a sixth sign-up or reset mail to one mailbox in an hour is refused, whatever its spelling, even with rate limits off", async () => {
    const app = passwordApp(MemoryAdapter(), {}, { rateLimit: { enabled: false } });
    await provenUser(app, "flood@example.com", victimPassword);
    // the proven user's sign-up was the first mail; four more, in other spellings of the same mailbox
    const limited = (response: Response) => (response.headers.get("location") ?? "").includes("error=RateLimited");
    for (const spelling of ["flood+a@example.com", "FLOOD@example.com", "flood+b@example.com", "flood+c@example.com"])
      expect(limited(await forgot(app.client(), spelling))).toBe(false);
    expect(limited(await signUp(app.client(), "flood+d@example.com", "a long passphrase for the flood"))).toBe(true);
    expect(limited(await forgot(app.client(), "flood+e@example.com"))).toBe(true);
    expect(app.mails.filter((mail) => mail.to.startsWith("flood")).length).toBeLessThanOrEqual(5);
  });
});
