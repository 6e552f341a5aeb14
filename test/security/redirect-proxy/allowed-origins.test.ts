/** `redirectProxyAllowedOrigins` is checked at start-up: a mistake that would forward codes to strangers is refused there. */
import { describe, expect, it } from "vitest";
import { makeAuth } from "../../helpers/auth-client.js";

const startUp = (redirectProxyAllowedOrigins: unknown) => () => makeAuth({ redirectProxyAllowedOrigins: redirectProxyAllowedOrigins as string[] });

describe("redirectProxyAllowedOrigins", () => {
  it.each([
    ["https://preview.example.com"],
    ["https://preview.example.com/"],
    ["http://localhost:3000"],
    ["https://*.preview.example.com"],
    ["https://*.my-app.vercel.app"],
  ])("accepts %s", (entry) => {
    expect(startUp([entry])).not.toThrow();
  });

  it.each([
    ["a path", "https://preview.example.com/auth", /no path/],
    ["a query", "https://preview.example.com?x=1", /no path, query/],
    ["credentials", "https://user@preview.example.com", /credentials/],
    ["another scheme", "javascript://preview.example.com", /http or https/],
    ["no URL", "preview.example.com", /not a URL/],
    ["a wildcard inside a label", "https://my-app-*.vercel.app", /whole leftmost label/],
    ["a wildcard further right", "https://app.*.example.com", /whole leftmost label/],
    ["a wildcard over a top-level domain", "https://*.com", /two labels/],
    ["a wildcard over a shared hosting domain", "https://*.vercel.app", /anyone can have a subdomain of vercel\.app/],
  ])("refuses %s, naming the option and the entry", (_label, entry, reason) => {
    expect(startUp([entry])).toThrow(/redirectProxyAllowedOrigins/);
    expect(startUp([entry])).toThrow(reason);
    expect(startUp([entry])).toThrow(entry);
  });

  it("refuses a single string where a list belongs", () => {
    expect(startUp("https://preview.example.com")).toThrow(/redirectProxyAllowedOrigins must be an array/);
  });
});
