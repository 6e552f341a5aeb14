import { describe, expect, it, vi } from "vitest";
import { loadPages } from "../../../pages/load.js";
import { renderSignIn } from "../../../pages/render.js";
import { ja } from "../../../src/messages/ja.js";
import type { AuthConfig } from "../../../src/config/config-types.js";
import { createAuth } from "../../../src/index.js";
import Credentials from "../../../src/providers/credentials.js";
import GitHub from "../../../src/providers/github.js";

/*
 * What depends only on the configuration is worked out once per instance, not on each request: these count
 * that work across requests (never time it).
 */

vi.mock("../../../pages/render.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../pages/render.js")>();
  return { ...actual, renderSignIn: vi.fn(actual.renderSignIn) };
});

const base = "https://app.example/auth";

/** A `messages` option that counts how often its languages are listed. */
function countedMessages(): { messages: AuthConfig["messages"]; listings: () => number } {
  let listings = 0;
  const messages = new Proxy(
    { ja },
    {
      ownKeys(target) {
        listings++;
        return Reflect.ownKeys(target);
      },
    },
  );
  return { messages, listings: () => listings };
}

function instance(messages?: AuthConfig["messages"]) {
  return createAuth(
    {
      secret: "per-request-work-secret-0123456789abcdef",
      trustHost: true,
      basePath: "/auth",
      // the password field's script is one the nonce must reach
      providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Credentials({ credentials: { password: { type: "password" } }, authorize: async () => null })],
      messages,
    },
    { env: {} },
  );
}

async function signInPage(auth: ReturnType<typeof instance>, acceptLanguage: string): Promise<string> {
  const response = await auth.fetch(new Request(`${base}/signin`, { headers: { "accept-language": acceptLanguage } }));
  expect(response.status).toBe(200);
  return response.text();
}

describe("the sign-in page's configuration-only work", () => {
  it("lists the configuration's languages once, however many requests choose among them", async () => {
    const { messages, listings } = countedMessages();
    const auth = instance(messages);
    expect(await signInPage(auth, "ja")).toContain('lang="ja"');
    const afterFirst = listings();
    for (const language of ["ja", "en", "de, ja;q=0.5", "fr"]) await signInPage(auth, language);
    expect(await signInPage(auth, "ja")).toContain('lang="ja"');
    expect(listings()).toBe(afterFirst);
  });

  it("renders the page once per language, then only fills in each request's values", async () => {
    vi.mocked(renderSignIn).mockClear();
    const auth = instance({ ja });
    for (let i = 0; i < 3; i++) {
      await signInPage(auth, "ja");
      await signInPage(auth, "en");
    }
    expect(renderSignIn).toHaveBeenCalledTimes(2);
  });

  it("loads the pages module once: after the first page, an instance hands out the module itself", async () => {
    const auth = instance();
    await signInPage(auth, "en");
    const config = await auth.resolveConfig();
    const pages = loadPages(config);
    expect(pages).not.toBeInstanceOf(Promise);
    expect(loadPages(config)).toBe(pages);
  });

  it("gives each response its own nonce, on every script of the page and in its policy", async () => {
    const auth = instance();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await auth.fetch(new Request(`${base}/signin`));
      const nonce = /script-src 'nonce-([0-9a-f]{32})'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeDefined();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });
});
