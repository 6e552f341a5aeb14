/**
 * The built-in pages are rendered once per configuration and filled in per request: values from one
 * request never reach another, and every filled-in value is escaped, on the first request and later ones.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { type AuthConfig } from "../../src/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import Credentials from "../../src/providers/credentials.js";
import GitHub from "../../src/providers/github.js";

const secret = "cached-pages-secret-0123456789abcdefghijklmn";
const hostile = `"<>&'`;
const escaped = "&quot;&lt;&gt;&amp;&#39;";

function build(config: Partial<AuthConfig> = {}) {
  return createAuth(
    {
      secret,
      trustHost: true,
      providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Credentials({ credentials: {}, authorize: async () => null })],
      logger: { error: () => {}, warn: () => {} },
      ...config,
    },
    { env: {} },
  );
}

async function page(auth: ReturnType<typeof build>, path: string, host = "app.example"): Promise<string> {
  const response = await auth.fetch(new Request(`https://${host}/auth${path}`, { headers: { host, "x-forwarded-host": host } }));
  expect(response.status).toBe(200);
  return response.text();
}

describe("cached built-in pages", () => {
  it("escape a hostile callbackUrl, error and email on every request", async () => {
    const email = { id: "email", name: "Email", type: "email" as const, sendVerificationRequest: async () => {} };
    const auth = build({ adapter: MemoryAdapter(), providers: [GitHub({ clientId: "id", clientSecret: "secret" }), email] });
    const q = encodeURIComponent(hostile);
    // The callbackUrl is normalized as a URL first, which percent-encodes `"<>` but keeps `'` and `&` in a path.
    const path = `/signin?callbackUrl=${encodeURIComponent(`/a${hostile}`)}&error=${q}&email=${q}`;
    for (let i = 0; i < 2; i++) {
      const html = await page(auth, path);
      expect(html).not.toContain(hostile);
      expect(html).toContain('name="callbackUrl" value="https://app.example/a%22%3C%3E&amp;&#39;"');
      expect(html).toContain(`value="${escaped}" id="email-email" name="email"`);
      expect(html).toContain("Sign-in did not work");
      expect(html).not.toMatch(/<script/i);
    }
  });

  it("give each request its own host and CSRF token", async () => {
    const auth = build();
    const first = await page(auth, "/signin", "one.example");
    const second = await page(auth, "/signin", "two.example");
    expect(first).toContain('action="https://one.example/auth/signin/github"');
    expect(second).toContain('action="https://two.example/auth/signin/github"');
    expect(second).not.toContain("one.example");
    const token = (html: string) => html.match(/name="csrfToken" value="([^"]*)"/)![1];
    expect(token(first)).not.toBe(token(second));
  });

  it("are never shared between two configurations", async () => {
    const red = build({ theme: { brandColor: "#aa0000" } });
    const blue = build({ theme: { brandColor: "#0000aa" }, providers: [Credentials({ credentials: {}, authorize: async () => null })] });
    const redPage = await page(red, "/signin");
    const bluePage = await page(blue, "/signin");
    expect(redPage).toContain("--brand: #aa0000;");
    expect(bluePage).toContain("--brand: #0000aa;");
    expect(bluePage).not.toContain("#aa0000");
    expect(bluePage).not.toContain("GitHub");
    expect(await page(red, "/signin")).toContain("Sign in with GitHub");
  });
});
