/**
 * Mailbox flooding: spellings of one address that the mail provider delivers to the same inbox ("+tag", Gmail's
 * dots and googlemail.com) must share one per-address bucket of sign-in mails, or each spelling floods the inbox
 * from a fresh one. The address the mail goes to, and that identifies the user, stays the one typed.
 */
import { describe, expect, it } from "vitest";
import { codeApp } from "../email-code/fixtures.js";
import { clientIpFromHeader, testIpHeader } from "./fixtures.js";

const variants = [
  "victim@gmail.com",
  "Victim@gmail.com",
  "v.ictim@gmail.com",
  "vi.ct.im@gmail.com",
  "victim+1@gmail.com",
  "victim+newsletter@gmail.com",
  "v.i.c.t.i.m+x@gmail.com",
  "victim@googlemail.com",
  "vic.tim+a@googlemail.com",
  "VICTIM+b@GMAIL.COM",
];

describe("sign-in mails are counted per mailbox", () => {
  it("10 spellings of one Gmail mailbox, each from its own client address, share one bucket: 3 mails, then refused", async () => {
    const app = codeApp({
      rateLimit: { enabled: true, clientIp: clientIpFromHeader, limits: { emailRequest: { perIdentifier: 3, perIp: 100 } } },
    });
    const attacker = app.client();
    for (const [index, email] of variants.entries()) {
      await attacker.send("/signin/email", {
        form: { email, csrfToken: await attacker.csrfToken() },
        headers: { [testIpHeader]: `198.51.100.${index + 1}` },
      });
    }
    // the mails went to the addresses as typed (lower-cased), not to a rewritten one
    expect(app.mail.map((mail) => mail.identifier)).toEqual(["victim@gmail.com", "victim@gmail.com", "v.ictim@gmail.com"]);
    // another mailbox is not held back by it
    await attacker.send("/signin/email", {
      form: { email: "someone.else@gmail.com", csrfToken: await attacker.csrfToken() },
      headers: { [testIpHeader]: "198.51.100.200" },
    });
    expect(app.mail).toHaveLength(4);
  });
});
