/** The email-change page: each step in every built-in language, its one form, and the strict policy it is sent with. */
import { describe, expect, it } from "vitest";
import { renderEmailChange } from "../../../pages/email-views.js";
import { allLocales } from "../../../pages/locales.js";
import { en } from "../../../src/messages/en.js";
import type { EmailChangeState } from "../../../src/http/page-description.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterWithAlice, alice, localClient, makeAuth } from "../../helpers/auth-client.js";
import { verificationEmail } from "../../../src/providers/email-message.js";
import type { EmailVerificationRequest } from "../../../src/config/providers/provider-types.js";

const catalogs = { en, ...allLocales };
const states: EmailChangeState[] = ["sent", "confirm", "wrongCode", "done", "invalid", "taken", "otherUser", "badAddress", "unchanged"];
const headings = {
  sent: "sentHeading",
  confirm: "confirmHeading",
  wrongCode: "sentHeading",
  done: "doneHeading",
  invalid: "invalidHeading",
  taken: "takenHeading",
  otherUser: "otherUserHeading",
  badAddress: "badAddressHeading",
  unchanged: "unchangedHeading",
} as const;
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

describe("the email-change page", () => {
  for (const [lang, messages] of Object.entries(catalogs)) {
    it.each(states)(`${lang}: %s shows its heading and leads back to the account page`, (state) => {
      const { html, status } = renderEmailChange({
        theme: {},
        text: { lang, messages },
        state,
        accountUrl: "https://app.example/auth/account",
        email: "new@example.com",
        token: "sealed.token",
        csrfToken: "csrf-value",
        actionUrl: "https://app.example/auth/account/email/confirm",
      });
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(escaped(messages.emailChange[headings[state]]));
      expect(html).toContain('href="https://app.example/auth/account"');
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html.match(/<form/g)).toHaveLength(1);
      if (state === "confirm") {
        expect(html).toContain('<input type="hidden" name="token" value="sealed.token"/>');
        expect(html).toContain('<input type="hidden" name="csrfToken" value="csrf-value"/>');
      }
      if (state !== "confirm") expect(html).toContain('name="code"');
      if (state === "wrongCode") expect(html).toContain(escaped(messages.emailChange.wrongCode));
      expect(status).toBe({ sent: 200, confirm: 200, wrongCode: 400, done: 200, invalid: 400, taken: 409, otherUser: 403, badAddress: 400, unchanged: 400 }[state]);
    });
  }

  it("escapes the address a page shows", () => {
    const { html } = renderEmailChange({ theme: {}, state: "sent", accountUrl: "/auth/account", email: "<b>x</b>@example.com" });
    expect(html).not.toContain("<b>x</b>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;@example.com");
  });

  it("is sent in the request's language with the strict policy: a nonce, no inline script, no framing", async () => {
    const auth = makeAuth({
      adapter: MemoryAdapter(),
      messages: allLocales,
      providers: [{ id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} }],
    });
    const client = localClient(auth.fetch);
    const response = await client.send("/account/email/confirm?token=stale", { headers: { accept: "text/html", "accept-language": "de" } });
    expect(response.status).toBe(400);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/unsafe-inline/);
    const html = await response.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain(escaped(allLocales.de.emailChange.invalidHeading));
  });

  it("mails in the request's language: the proof with its link and code, the notices with neither", async () => {
    const sent: EmailVerificationRequest[] = [];
    const { adapter, provider } = await adapterWithAlice();
    const email = { id: "email", name: "Email", type: "email" as const, otp: true, sendVerificationRequest: async (params: EmailVerificationRequest) => void sent.push(params) };
    const auth = makeAuth({ adapter, messages: allLocales, providers: [provider, email] });
    const client = localClient(auth.fetch);
    await client.signIn();
    const ja = { "accept-language": "ja", accept: "application/json" };
    await client.send("/account/email", { form: { csrfToken: await client.csrfToken(), email: "neu@example.com" }, headers: ja });
    const proof = verificationEmail(sent[0]);
    expect(sent[0].purpose).toBe("emailChange");
    expect(proof.subject).toBe(allLocales.ja.emailChange.proofMail.subject("localhost:3000"));
    expect(proof.text).toContain(sent[0].url);
    const token = new URL(sent[0].url).searchParams.get("token")!;
    await client.send("/account/email/confirm", { form: { csrfToken: await client.csrfToken(), token }, headers: ja });
    const notice = sent[1];
    expect([notice.purpose, notice.identifier, notice.token, notice.otp]).toEqual(["emailChanged", alice.email, "", undefined]);
    const rendered = verificationEmail(notice);
    expect(rendered.subject).toBe(allLocales.ja.emailChange.changedMail.subject("localhost:3000"));
    expect(rendered.text).toContain(allLocales.ja.emailChange.changedMail.note);
    expect(rendered.text).not.toContain("token=");
  });
});
