/**
 * Every HTML page sekisho sends forbids framing by other sites (clickjacking) and runs only the scripts it
 * carries itself: a Content-Security-Policy with `frame-ancestors` and a per-response script nonce, and
 * X-Frame-Options to match.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import Passkey from "../../../src/providers/passkey.js";
import { credentialsProvider, localClient, makeAuth, origin } from "../../helpers/auth-client.js";
import { linkMailbox } from "../../helpers/link-mailbox.js";

/** Requests that fail before a route answers: the error page comes from the error boundary. */
const failedRequests = ["/callback/nowhere", "/no-such-route"];

/** Every built-in page, fetched as a browser would: its path and the response. */
async function everyPage(config: Parameters<typeof makeAuth>[0] = {}) {
  const { links, provider } = linkMailbox({ confirm: true });
  const auth = makeAuth({
    adapter: MemoryAdapter(),
    providers: [credentialsProvider(), provider, Passkey()],
    experimental: { enableWebAuthn: true },
    ...config,
  });
  const client = localClient(auth.fetch);
  const browser = { accept: "text/html" };
  await client.send("/signin/email", { form: { email: "framed@example.com", csrfToken: await client.csrfToken() } });
  const pages: Array<[string, Response]> = [];
  for (const path of ["/signin", "/signin?error=OAuthAccountNotLinked", "/signout", "/error?error=AccessDenied", "/verify-request", links[0], ...failedRequests]) {
    pages.push([path, await client.send(path, { headers: browser })]);
  }
  return pages;
}

function policyOf(response: Response): Map<string, string> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(header.split(";").map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name, ...values] = part.split(/\s+/);
    return [name, values.join(" ")];
  }));
}

describe("the built-in pages' framing and script policy", () => {
  it("every page forbids every frame and allows only its own scripts, under a nonce", async () => {
    const pages = await everyPage();
    const nonces = new Set<string>();
    for (const [path, response] of pages) {
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      const policy = policyOf(response);
      expect(policy.get("frame-ancestors"), path).toBe("'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      const scripts = policy.get("script-src") ?? "";
      expect(scripts, path).toMatch(/^'nonce-[0-9a-f]{32}'$/);
      expect(policy.get("object-src"), path).toBe("'none'");
      expect(policy.get("base-uri"), path).toBe("'none'");
      const nonce = scripts.slice("'nonce-".length, -1);
      nonces.add(nonce);
      const html = await response.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
      // the sign-in page carries the passkey scripts: the served bundle and the inline driver
      if (path === "/signin") expect(tags.length).toBeGreaterThanOrEqual(2);
    }
    expect(nonces.size).toBe(pages.length);
  });

  it("frameAncestors lets the origins it lists frame the pages; the page's own origin alone is SAMEORIGIN", async () => {
    const pages = await everyPage({ frameAncestors: ["https://portal.example.com", "https://*.partner.example.com"] });
    for (const [path, response] of pages.filter(([path]) => !failedRequests.includes(path))) {
      expect(policyOf(response).get("frame-ancestors"), path).toBe("https://portal.example.com https://*.partner.example.com");
      expect(response.headers.get("x-frame-options"), path).toBeNull();
    }
    // The error page of a failed request is sent without the request's context: never framed.
    for (const [path, response] of pages.filter(([path]) => failedRequests.includes(path))) {
      expect(policyOf(response).get("frame-ancestors"), path).toBe("'none'");
    }
    const [, own] = (await everyPage({ frameAncestors: [origin] }))[0];
    expect(policyOf(own).get("frame-ancestors")).toBe(origin);
    expect(own.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("refuses a frameAncestors entry that is not an origin", () => {
    for (const entry of ["*", "'self' https://evil.example", "https://a.example/path", "javascript:alert(1)"]) {
      expect(() => makeAuth({ frameAncestors: [entry] })).toThrow(/frameAncestors/);
    }
  });
});
