import { describe, expect, it } from "vitest";
import { createAuth } from "../../../src/index.js";
import { makeAuth, origin, quietLogger } from "../../helpers/auth-client.js";

const browser = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const longCallback = `/${"a".repeat(3000)}`;

/** Requests a browser can make by following a bad link, each answered 400. */
const badLinks: Array<[string, string]> = [
  ["a malformed callbackUrl", "/auth/signin?callbackUrl=%01javascript:alert(1)"],
  ["an oversized callbackUrl", `/auth/signin?callbackUrl=${longCallback}`],
  ["an unknown provider", "/auth/callback/nope"],
  ["an unknown action", "/auth/nothing-here"],
];

describe("request errors", () => {
  it.each(badLinks)("show a browser the error page for %s", async (_, path) => {
    const response = await makeAuth().fetch(new Request(`${origin}${path}`, { headers: browser }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("<h1>Invalid request</h1>");
    expect(html).toContain(`href="${origin}/auth/signin"`);
    expect(html).not.toContain("malformed");
  });

  it.each(badLinks)("keep JSON for a JSON caller on %s", async (_, path) => {
    const callers: Record<string, string>[] = [{ accept: "application/json" }, {}, { ...browser, "x-auth-return-redirect": "1" }];
    for (const headers of callers) {
      const response = await makeAuth().fetch(new Request(`${origin}${path}`, { headers }));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await response.json()) as { error: string }).error).toMatch(/^(InvalidCallbackUrl|InvalidProvider|UnknownAction)$/);
    }
  });

  it("keep JSON on the JSON routes, even for a browser", async () => {
    const response = await makeAuth().fetch(new Request(`${origin}/auth/session?callbackUrl=${longCallback}`, { method: "PUT", headers: browser }));
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("the Configuration error page", () => {
  it("offers a way back to the site", async () => {
    const response = await makeAuth().fetch(new Request(`${origin}/auth/error?error=Configuration`, { headers: browser }));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/<a class="button" href="\/">[^<]+<\/a>/);
  });

  it("offers it when the configuration itself failed", async () => {
    const auth = createAuth(() => ({ providers: "not an array" as never, logger: quietLogger }), { env: {} });
    const response = await auth.fetch(new Request(`${origin}/auth/signin`, { headers: browser }));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/<a class="button" href="\/">/);
  });
});
