import { describe, expect, it } from "vitest";
import { verificationEmail, verificationMessage } from "../../../src/providers/email-message.js";
import Resend from "../../../src/providers/resend.js";
import { escaped, occurrences, parsedEmailProvider, signInLink, token, verificationRequest } from "./request.js";

const url = signInLink("resend", "ada@example.com");
const expires = new Date(Date.now() + 24 * 60 * 60 * 1000);
const allowedTags = new Set(["!doctype", "html", "head", "meta", "title", "body", "table", "tr", "td", "h1", "p", "a"]);

/** Every tag in the HTML part is one the template writes itself: nothing interpolated became markup. */
function tagNames(html: string): string[] {
  return [...html.matchAll(/<\/?([a-z0-9!-]+)/gi)].map((match) => match[1].toLowerCase());
}

function decodeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeAttribute(match[1]));
}

describe("the built-in verification message", () => {
  it("has the subject, and the link exactly once in each part", () => {
    const message = verificationMessage({ url, host: "localhost:3000", theme: {}, expires });
    expect(message.subject).toBe("Sign in to localhost:3000");
    expect(occurrences(message.text, url)).toBe(1);
    expect(occurrences(message.html, escaped(url))).toBe(1);
    expect(hrefs(message.html)).toEqual([url]);
    expect(message.text).toContain("Sign in to localhost:3000");
    expect(message.html).toContain("Sign in to localhost:3000");
  });

  it("shows the token nowhere but inside the link", () => {
    const message = verificationMessage({ url, host: "localhost:3000", theme: {}, expires });
    expect(occurrences(message.text, token)).toBe(1);
    expect(occurrences(message.html, token)).toBe(1);
    expect(message.text.replace(url, "")).not.toContain(token);
  });

  it("shows the one-time code in both parts when given, and no code line otherwise", () => {
    const withCode = verificationMessage({ url, host: "localhost:3000", theme: {}, expires, otp: "482913" });
    expect(withCode.text).toContain("Or enter this code: 482913");
    expect(withCode.html).toMatch(/<p[^>]*>482913<\/p>/);
    expect(withCode.text).toContain("The link and the code expire");
    const without = verificationMessage({ url, host: "localhost:3000", theme: {}, expires });
    expect(without.text).not.toContain("code");
    expect(without.html).not.toContain("code");
  });

  it("states the expiry and says to ignore an email you did not request", () => {
    const message = verificationMessage({ url, host: "localhost:3000", theme: {}, expires });
    for (const part of [message.text, message.html]) {
      expect(part).toContain("expires in 24 hours");
      expect(part).toContain(`${new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(expires)} UTC`);
      expect(part).toContain("If you did not request this email, you can safely ignore it.");
    }
    const soon = verificationMessage({ url, host: "h", theme: {}, expires: new Date(Date.now() + 10 * 60 * 1000) });
    expect(soon.text).toContain("expires in 10 minutes");
    const later = verificationMessage({ url, host: "h", theme: {}, expires: new Date(Date.now() + 7 * 86400 * 1000) });
    expect(later.text).toContain("expires in 7 days");
  });

  it("colours the button with the theme's brandColor and buttonText", () => {
    for (const color of ["#ff0066", "rgb(12, 34, 56)", "hsl(210 50% 40%)", "rebeccapurple"]) {
      const message = verificationMessage({ url, host: "h", theme: { brandColor: color, buttonText: "#000" }, expires });
      expect(message.html).toContain(`background:${color};`);
      expect(message.html).toContain("color:#000;");
    }
    const plain = verificationMessage({ url, host: "h", theme: {}, expires });
    expect(plain.html).toContain("background:#2f5bd3;");
    expect(plain.html).toContain("color:#ffffff;");
  });

  it("drops a brandColor or buttonText that is not a plain CSS colour", () => {
    const hostile = "red;}</style><script>alert(1)</script>";
    const message = verificationMessage({ url, host: "h", theme: { brandColor: hostile, buttonText: "#fff;background:url(https://evil.example/x)" }, expires });
    expect(message.html).not.toContain("<script");
    expect(message.html).not.toContain("</style>");
    expect(message.html).not.toContain("evil.example");
    expect(message.html).toContain("background:#2f5bd3;");
    expect(message.html).toContain("color:#ffffff;");
    expect(tagNames(message.html).every((tag) => allowedTags.has(tag))).toBe(true);
  });

  it("keeps HTML in the host and the link inert", () => {
    const payloads = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "'><svg onload=alert(1)>"];
    for (const payload of payloads) {
      const rawUrl = `http://localhost:3000/api/auth/callback/resend?token=${token}&email=${payload}`;
      const message = verificationMessage({ url: rawUrl, host: payload, theme: {}, expires, otp: payload });
      expect(tagNames(message.html).every((tag) => allowedTags.has(tag))).toBe(true);
      expect(message.html).not.toMatch(/<(img|script|svg)/i);
      expect(message.html).toContain(escaped(payload));
      // The link stays one attribute whose value is exactly the link.
      expect(hrefs(message.html)).toEqual([rawUrl]);
    }
  });

  it("keeps the subject on one line", () => {
    const message = verificationMessage({ url, host: "evil.example\r\nBcc: victim@example.com", theme: {}, expires });
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.text.split("\n")[0]).toBe("Sign in to evil.example Bcc: victim@example.com");
  });

  it("loads nothing from outside: no images, fonts, stylesheets or other links", () => {
    const message = verificationMessage({ url, host: "h", theme: { logo: "https://cdn.example/logo.png" }, expires, otp: "1234" });
    expect(message.html).not.toMatch(/<img|<link|<style|@import|url\(|src=/i);
    expect([...message.html.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => decodeAttribute(match[0]))).toEqual([url]);
  });
});

describe("verificationEmail", () => {
  it("sends to the identifier, from the provider's `from`", () => {
    const provider = parsedEmailProvider(Resend({ from: "Acme <login@acme.example>" }));
    const email = verificationEmail(verificationRequest(provider, { identifier: "grace@example.com" }));
    expect(email.from).toBe("Acme <login@acme.example>");
    expect(email.to).toBe("grace@example.com");
    expect(email.subject).toBe("Sign in to localhost:3000");
  });

  it("defaults `from` to a no-reply address at the site's host name", () => {
    const provider = parsedEmailProvider(Resend());
    const at = (origin: string) =>
      verificationEmail(verificationRequest(provider, { url: signInLink("resend", "a@b.example", origin) })).from;
    expect(at("https://auth.acme.example")).toBe("no-reply@auth.acme.example");
    expect(at("http://localhost:3000")).toBe("no-reply@localhost");
    expect(at("http://127.0.0.1:8080")).toBe("no-reply@localhost");
    expect(at("http://[::1]:8080")).toBe("no-reply@localhost");
  });

  it("passes the request's theme and code to the message", () => {
    const provider = parsedEmailProvider(Resend());
    const email = verificationEmail(verificationRequest(provider, { theme: { brandColor: "#123456" }, otp: "777111" }));
    expect(email.html).toContain("background:#123456;");
    expect(email.text).toContain("777111");
  });
});
