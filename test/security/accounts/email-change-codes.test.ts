/**
 * The one-time code beside the email-change link (a provider with `otp`), through the real SMTP server: typed in the
 * browser that asked, mistyped and tried again, guessed past its tries, typed in another browser or account, one
 * proof with the link, and an address another user has answered with the same cookie and page.
 */
import { expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import {
  asJson,
  asPage,
  changeLinkIn,
  confirmCode,
  emailChangeSuite,
  followChangeLink,
  requestChange,
  sessionEmail,
} from "../../helpers/email-change-app.js";
import { codeIn } from "../../integration/email/email-flow.js";

const suite = emailChangeSuite("codes");

async function app(otp: unknown = true) {
  return suite.app(MemoryAdapter(), { emailOptions: { otp } });
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

it("the code from the mail, typed in the browser that asked, makes the change; a mistyped one may be tried again", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  const page = await requestChange(alice, `coded@${domain}`, asPage);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="code"');
  const mail = await suite.mail(`coded@${domain}`);
  const code = codeIn(mail.text);
  expect(mail.text).toContain("/account/email/confirm?token=");

  const mistyped = await confirmCode(alice, wrong(code), asPage);
  expect(mistyped.status).toBe(400);
  expect(await mistyped.text()).toContain("That code is not right");
  const json = await confirmCode(alice, "12", asJson);
  expect(await json.json()).toEqual({ error: "EmailChangeCodeInvalid" });

  const done = await confirmCode(alice, code);
  expect(done.status).toBe(200);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`coded@${domain}`);
  expect(await sessionEmail(alice)).toBe(`coded@${domain}`);
  await suite.mail(`alice@${domain}`);
});

it("after maxAttempts wrong tries even the right code is refused", async () => {
  const { adapter, users, signedIn, domain } = await app({ maxAttempts: 3 });
  const alice = await signedIn("alice");
  await requestChange(alice, `guessed@${domain}`);
  const code = codeIn((await suite.mail(`guessed@${domain}`)).text);
  for (let i = 0; i < 3; i++) expect((await confirmCode(alice, wrong(code))).status).toBe(400);
  const late = await confirmCode(alice, code);
  expect(late.status).toBe(400);
  expect(await late.json()).toEqual({ error: "EmailChangeTokenInvalid" });
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
});

it("the code works only in the browser that asked, for the user who asked", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `bound@${domain}`);
  const code = codeIn((await suite.mail(`bound@${domain}`)).text);
  const otherBrowser = await signedIn("alice");
  expect(await (await confirmCode(otherBrowser, code)).json()).toEqual({ error: "EmailChangeTokenInvalid" });
  const bob = await signedIn("bob");
  bob.jar.set("sekisho.email-change", alice.jar.get("sekisho.email-change")!);
  expect(await (await confirmCode(bob, code)).json()).toEqual({ error: "EmailChangeTokenInvalid" });
  expect((await adapter.getUser!(users.bob.id))?.email).toBe(`bob@${domain}`);
  expect((await confirmCode(alice, code)).status).toBe(200);
});

it("the link and the code are one proof: once one is used, the other is stale", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  await requestChange(alice, `one@${domain}`);
  const mail = await suite.mail(`one@${domain}`);
  expect((await followChangeLink(alice, changeLinkIn(mail.text), asJson)).status).toBe(200);
  expect(await (await confirmCode(alice, codeIn(mail.text))).json()).toEqual({ error: "EmailChangeTokenInvalid" });

  await requestChange(alice, `two@${domain}`);
  const second = await suite.mail(`two@${domain}`);
  expect((await confirmCode(alice, codeIn(second.text))).status).toBe(200);
  expect((await followChangeLink(alice, changeLinkIn(second.text), asJson)).status).toBe(400);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`two@${domain}`);
});

it("an address another user has gets the same cookie and page, and no code can take it", async () => {
  const { adapter, users, signedIn, domain } = await app();
  const alice = await signedIn("alice");
  const free = await requestChange(alice, `free@${domain}`, asPage);
  const taken = await requestChange(alice, `bob@${domain}`, asPage);
  const cookieNames = (response: Response) => response.headers.getSetCookie().map((line) => line.split("=")[0]).sort();
  expect(cookieNames(taken)).toEqual(cookieNames(free));
  const unnamed = (html: string, address: string) =>
    html.replaceAll(address, "ADDRESS").replace(/nonce="[^"]+"/g, "").replace(/name="csrfToken" value="[^"]+"/g, "");
  expect(unnamed(await taken.text(), `bob@${domain}`)).toBe(unnamed(await free.text(), `free@${domain}`));
  const notice = await suite.mail(`bob@${domain}`);
  expect(notice.text).not.toMatch(/\b\d{6}\b/);
  for (const guess of ["000000", "123456", "999999"]) expect((await confirmCode(alice, guess)).status).toBe(400);
  expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
});
