import { describe, expect, it } from "vitest";
import { mailboxOf } from "../../../src/email/mailbox.js";

describe("mailboxOf", () => {
  it.each([
    ["jdoe@gmail.com", "jdoe@gmail.com"],
    ["j.d.o.e@gmail.com", "jdoe@gmail.com"],
    ["j.doe+news@googlemail.com", "jdoe@gmail.com"],
    ["jdoe+a+b@gmail.com", "jdoe@gmail.com"],
    ["jane.doe+x@outlook.com", "jane.doe@outlook.com"],
    ["jane.doe+x@hotmail.com", "jane.doe@hotmail.com"],
    ["me+shop@icloud.com", "me@icloud.com"],
    ["me+shop@fastmail.com", "me@fastmail.com"],
    ["shop@me.fastmail.com", "me@fastmail.com"],
    ["shop@me.fastmail.fm", "me@fastmail.fm"],
    ["first.last@proton.me", "firstlast@proton.me"],
    ["first-last_x+y@pm.me", "firstlastx@proton.me"],
    ["firstlast@protonmail.ch", "firstlast@proton.me"],
    ["base-keyword@yahoo.com", "base@yahoo.com"],
    ["base-x@ymail.com", "base@ymail.com"],
    ["base-keyword@yahoo.co.uk", "base@yahoo.co.uk"],
    // a domain sekisho knows nothing of: "+tag" only, dots and hyphens stay
    ["a.b-c+tag@example.com", "a.b-c@example.com"],
  ])("%s is counted as %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it("keeps different mailboxes apart: dots count outside Gmail and Proton, hyphens outside Proton and Yahoo", () => {
    expect(mailboxOf("a.b@outlook.com")).not.toBe(mailboxOf("ab@outlook.com"));
    expect(mailboxOf("a-b@gmail.com")).not.toBe(mailboxOf("ab@gmail.com"));
    expect(mailboxOf("a-b@example.com")).not.toBe(mailboxOf("a@example.com"));
    expect(mailboxOf("jdoe@gmail.com")).not.toBe(mailboxOf("jdoe@gmail.co"));
  });

  it("never empties a local part, and leaves what is not local@domain as it is", () => {
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxOf("...@gmail.com")).toBe("...@gmail.com");
    expect(mailboxOf("-x@yahoo.com")).toBe("-x@yahoo.com");
    expect(mailboxOf("alice")).toBe("alice");
    expect(mailboxOf("alice@")).toBe("alice@");
    expect(mailboxOf("@example.com")).toBe("@example.com");
  });
});
