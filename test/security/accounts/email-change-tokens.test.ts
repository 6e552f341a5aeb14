/**
 * Attacks on the email-change link, through the real SMTP server: a used or stale link, another user's link, a
 * sign-in link's token used here and this token used to sign in, two users confirming one address at once, one
 * link raced, an expired link; and no token in any log line or event.
 */
import { expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import {
  asJson,
  changeLinkIn,
  emailChangeSuite,
  followChangeLink,
  requestChange,
  sessionEmail,
} from "../../helpers/email-change-app.js";
import { confirmationForm } from "../../helpers/link-mailbox.js";
import { linkIn, requestLink } from "../../integration/email/email-flow.js";

const suite = emailChangeSuite("tokens");

async function app(config = {}) {
  return suite.app(MemoryAdapter(), { config });
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

it("a link opened in a browser signed in as another user changes nothing, and keeps working for its owner", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `new@${domain}`);
  const link = changeLinkIn((await suite.mail(`new@${domain}`)).text);

  const bob = await signedIn("bob");
  const refused = await followChangeLink(bob, link, asJson);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({ error: "EmailChangeOtherUser" });
  const page = await followChangeLink(bob, link);
  expect(page.status).toBe(403);
  expect(await page.text()).toContain("Sign out, then open the link again");
  expect((await adapter.getUser!(users.bob.id))?.email).toBe(`bob@${domain}`);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
  expect(await sessionEmail(bob)).toBe(`bob@${domain}`);

  expect((await followChangeLink(alice, link, asJson)).status).toBe(200);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`new@${domain}`);
});

it("a token edited to name another user or address does not open", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `edited@${domain}`);
  const token = tokenOf(changeLinkIn((await suite.mail(`edited@${domain}`)).text));
  const parts = token.split(".");
  const flipped = parts[3].startsWith("A") ? `B${parts[3].slice(1)}` : `A${parts[3].slice(1)}`;
  const edited = [...parts.slice(0, 3), flipped, parts[4]].join(".");
  const response = await alice.send("/account/email/confirm", { form: { token: edited, csrfToken: await alice.csrfToken() }, headers: asJson });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: "EmailChangeTokenInvalid" });
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
});

it("a sign-in link's token changes no address, and an email-change token signs no one in", async () => {
  const { adapter, users, signedIn, client, domain } = await app();
  const visitor = client();
  await requestLink(visitor, `alice@${domain}`, "nodemailer");
  const signInLink = linkIn((await suite.mail(`alice@${domain}`)).text);
  const alice = await signedIn("alice");
  const asSignIn = await alice.send("/account/email/confirm", {
    form: { token: tokenOf(signInLink), csrfToken: await alice.csrfToken() },
    headers: asJson,
  });
  expect(asSignIn.status).toBe(400);
  expect(await asSignIn.json()).toEqual({ error: "EmailChangeTokenInvalid" });

  await requestChange(alice, `moved@${domain}`);
  const changeLink = changeLinkIn((await suite.mail(`moved@${domain}`)).text);
  const thief = client();
  for (const email of [`moved@${domain}`, `alice@${domain}`]) {
    const callback = new URL(`${thief.base}/callback/nodemailer`);
    callback.search = new URLSearchParams({ token: tokenOf(changeLink), email }).toString();
    const followed = await thief.send(callback.href);
    expect(followed.headers.get("location")).toMatch(/error=Verification/);
    expect(await sessionEmail(thief)).toBeNull();
  }
  // neither consumed the other's record: the sign-in link still signs in, and the change link still changes
  await visitor.send(signInLink);
  expect(await sessionEmail(visitor)).toBe(`alice@${domain}`);
  expect((await followChangeLink(alice, changeLink, asJson)).status).toBe(200);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`moved@${domain}`);
});

it("a link asked for before another change was made is stale", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `first@${domain}`);
  await requestChange(alice, `second@${domain}`);
  const first = changeLinkIn((await suite.mail(`first@${domain}`)).text);
  const second = changeLinkIn((await suite.mail(`second@${domain}`)).text);
  expect((await followChangeLink(alice, second, asJson)).status).toBe(200);
  const late = await followChangeLink(alice, first, asJson);
  expect(late.status).toBe(400);
  expect(await late.json()).toEqual({ error: "EmailChangeTokenInvalid" });
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`second@${domain}`);
});

it("an expired link is refused", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `late@${domain}`);
  const link = changeLinkIn((await suite.mail(`late@${domain}`)).text);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * 60 * 60 * 1000 });
  try {
    const response = await alice.send("/account/email/confirm", { form: { token: tokenOf(link), csrfToken: await alice.csrfToken() }, headers: asJson });
    expect(response.status).toBe(400);
  } finally {
    vi.useRealTimers();
  }
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
});

it("one link confirmed by many requests at once makes one change and one notice", async () => {
  const emailChanged = vi.fn();
  const { adapter, users, signedIn, domain } = await app({ events: { emailChanged } });
  const alice = await signedIn("alice");
  await requestChange(alice, `raced@${domain}`);
  const link = changeLinkIn((await suite.mail(`raced@${domain}`)).text);
  const { action, fields } = await confirmationForm(await alice.send(link, { headers: { accept: "text/html" } }));
  const answers = await Promise.all(Array.from({ length: 10 }, () => alice.send(action, { form: fields, headers: asJson })));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 400)).toHaveLength(9);
  expect(emailChanged).toHaveBeenCalledTimes(1);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`raced@${domain}`);
  const notices = suite.mailsTo(`alice@${domain}`);
  expect(notices.map((mail) => mail.subject)).toEqual([expect.stringMatching(/was changed$/)]);
});

it("two users confirming one address at once: one gets it, the other is told it is taken", async () => {
  const { adapter, users, signedIn, client, domain } = await app();
  for (const who of ["alice", "bob"] as const) await requestChange(await signedIn(who), `shared@${domain}`);
  const links = [
    changeLinkIn((await suite.mail(`shared@${domain}`)).text),
    changeLinkIn((await suite.mail(`shared@${domain}`)).text),
  ];
  // each link is pressed in a browser signed in as nobody, at the same moment: the tokens carry who asked
  const browsers = links.map(() => client());
  const forms = await Promise.all(
    links.map(async (link, index) => confirmationForm(await browsers[index].send(link, { headers: { accept: "text/html" } }))),
  );
  const pressed = await Promise.all(
    forms.map(({ action, fields }, index) => browsers[index].send(action, { form: fields, headers: asJson })),
  );
  expect(pressed.map((response) => response.status).sort()).toEqual([200, 409]);
  const taken = pressed.find((response) => response.status === 409)!;
  expect(await taken.json()).toEqual({ error: "EmailChangeAddressTaken" });
  const holders = [await adapter.getUser!(users.alice.id), await adapter.getUser!(users.bob.id)].filter(
    (user) => user?.email === `shared@${domain}`,
  );
  expect(holders).toHaveLength(1);
  expect((await adapter.getUserByEmail!(`shared@${domain}`))?.id).toBe(holders[0]!.id);
});
