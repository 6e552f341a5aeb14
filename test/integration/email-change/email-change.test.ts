/**
 * Changing the email address through the real SMTP server, on memory, SQLite, PostgreSQL, MariaDB and Redis, under both session
 * strategies: the new inbox proves the address, the old one is told, linked accounts stay, the session shows it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmationForm } from "../../helpers/link-mailbox.js";
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
import { codeIn } from "../email/email-flow.js";
import { forEachRecordStore, type RecordsUnderTest } from "../../helpers/record-stores.js";

const suite = emailChangeSuite("run");

await forEachRecordStore(
  (name, open) => {
    for (const strategy of ["jwt", "database"] as const) {
      describe(`email change on ${name}, ${strategy} strategy`, () => {
        let records: RecordsUnderTest;
        beforeAll(async () => {
          records = await open();
        });
        afterAll(() => records?.cleanup());

        async function app(config = {}) {
          return suite.app(records.adapter, { config: { session: { strategy }, ...config } });
        }

        it("changes the address once the new inbox proves it: the old address is told, accounts stay, the session shows it", async () => {
          const emailChanged = vi.fn();
          const { adapter, users, signedIn, domain } = await app({ events: { emailChanged } });
          await adapter.linkAccount!({ userId: users.alice.id, type: "oauth", provider: "github", providerAccountId: `gh-${domain}` });
          const alice = await signedIn("alice");

          const asked = await requestChange(alice, ` Alice.New@${domain.toUpperCase()} `);
          expect(asked.status).toBe(200);
          expect(await asked.json()).toEqual({ ok: true });
          const proof = await suite.mail(`alice.new@${domain}`);
          expect(proof.subject).toMatch(/^Confirm your new email address/);
          expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);

          const done = await followChangeLink(alice, changeLinkIn(proof.text));
          expect(done.status).toBe(200);
          expect(await done.text()).toContain(`alice.new@${domain}`);
          const user = await adapter.getUser!(users.alice.id);
          expect(user?.email).toBe(`alice.new@${domain}`);
          expect(Date.now() - user!.emailVerified!.getTime()).toBeLessThan(60_000);
          expect(emailChanged).toHaveBeenCalledExactlyOnceWith({ userId: users.alice.id, from: `alice@${domain}`, to: `alice.new@${domain}` });

          const notice = await suite.mail(`alice@${domain}`);
          expect(notice.subject).toMatch(/was changed$/);
          expect(`${notice.text}${notice.html}`).not.toMatch(/token=|confirm/i);
          expect((await adapter.getUserByAccount!({ provider: "github", providerAccountId: `gh-${domain}` }))?.id).toBe(users.alice.id);
          expect(await sessionEmail(alice)).toBe(`alice.new@${domain}`);
        });

        it("confirms from a browser that is not signed in, as on a phone; that browser gets no session", async () => {
          const { adapter, users, signedIn, client, domain } = await app();
          const alice = await signedIn("alice");
          await requestChange(alice, `phone@${domain}`);
          const link = changeLinkIn((await suite.mail(`phone@${domain}`)).text);
          const phone = client();
          const done = await followChangeLink(phone, link, asJson);
          expect(done.status).toBe(200);
          expect(await done.json()).toEqual({ ok: true });
          expect((await adapter.getUser!(users.alice.id))?.email).toBe(`phone@${domain}`);
          expect(await sessionEmail(phone)).toBeNull();
          await suite.mail(`alice@${domain}`);
        });

        it("answers an address another user holds as any other, and mails its owner a notice with no link to take it", async () => {
          const { adapter, users, signedIn, domain } = await app();
          const alice = await signedIn("alice");
          const asked = await requestChange(alice, `bob@${domain}`);
          expect(asked.status).toBe(200);
          expect(await asked.json()).toEqual({ ok: true });
          const notice = await suite.mail(`bob@${domain}`);
          expect(notice.subject).toMatch(/^Someone tried to use your email address/);
          expect(`${notice.text}${notice.html}`).not.toMatch(/token=|\/account\/email/);
          expect((await adapter.getUser!(users.alice.id))?.email).toBe(`alice@${domain}`);
          expect((await adapter.getUser!(users.bob.id))?.email).toBe(`bob@${domain}`);
        });

        it("with codes on, the emailed code typed in the asking browser makes the change; another device keeps its session", async () => {
          const { adapter, users, signedIn, domain } = await suite.app(records.adapter, {
            config: { session: { strategy } },
            emailOptions: { otp: true },
          });
          const alice = await signedIn("alice");
          const laptop = await signedIn("alice");
          await requestChange(alice, `code@${domain}`);
          const code = codeIn((await suite.mail(`code@${domain}`)).text);
          const done = await confirmCode(alice, code);
          expect(done.status).toBe(200);
          expect((await adapter.getUser!(users.alice.id))?.email).toBe(`code@${domain}`);
          expect(await sessionEmail(alice)).toBe(`code@${domain}`);
          // the other device stays signed in: a jwt keeps the address it was issued with, a database session reads the user
          expect(await sessionEmail(laptop)).toBe(strategy === "jwt" ? `alice@${domain}` : `code@${domain}`);
        });

        it("gives an address two users confirm at once to one of them; the other is told it is taken", async () => {
          const { adapter, users, signedIn, client, domain } = await app();
          for (const who of ["alice", "bob"] as const) await requestChange(await signedIn(who), `both@${domain}`);
          const links = [
            changeLinkIn((await suite.mail(`both@${domain}`)).text),
            changeLinkIn((await suite.mail(`both@${domain}`)).text),
          ];
          const browsers = links.map(() => client());
          const forms = await Promise.all(
            links.map(async (link, index) => confirmationForm(await browsers[index].send(link, { headers: asPage }))),
          );
          const pressed = await Promise.all(
            forms.map(({ action, fields }, index) => browsers[index].send(action, { form: fields, headers: asJson })),
          );
          expect(pressed.map((response) => response.status).sort()).toEqual([200, 409]);
          const emails = [(await adapter.getUser!(users.alice.id))?.email, (await adapter.getUser!(users.bob.id))?.email];
          expect(emails.filter((email) => email === `both@${domain}`)).toHaveLength(1);
        });

        it("shows a used link as such, with the way back to the account page", async () => {
          const { signedIn, domain } = await app();
          const alice = await signedIn("alice");
          await requestChange(alice, `once@${domain}`);
          const link = changeLinkIn((await suite.mail(`once@${domain}`)).text);
          const opened = await alice.send(link, { headers: { accept: "text/html" } });
          const form = await opened.text();
          expect((await followChangeLink(alice, link)).status).toBe(200);
          const token = new URL(link).searchParams.get("token")!;
          const again = await alice.send("/account/email/confirm", { form: { token, csrfToken: await alice.csrfToken() }, headers: { accept: "text/html" } });
          expect(again.status).toBe(400);
          const page = await again.text();
          expect(page).toContain("This link no longer works");
          expect(page).toContain(`href="${alice.base}/account"`);
          expect(form).toContain('method="post"');
          const json = await alice.send("/account/email/confirm", { form: { token, csrfToken: await alice.csrfToken() }, headers: asJson });
          expect(json.status).toBe(400);
          expect(await json.json()).toEqual({ error: "EmailChangeTokenInvalid" });
        });
      });
    }
  },
  ["memory", "SQLite (better-sqlite3)", "PostgreSQL", "MariaDB", "Redis"],
);
