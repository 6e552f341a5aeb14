/** The session list's short user-agent descriptions and truncated addresses. */
import { describe, expect, it } from "vitest";
import { truncateAddress } from "../../../src/session/records/address.js";
import { describeUserAgent } from "../../../src/session/records/user-agent.js";

describe("describeUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on macOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87", "Edge on Windows"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1", "Chrome on iOS"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0", "Opera on Windows"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["curl/8.5.0", "curl"],
  ])("%s → %s", (header, expected) => {
    expect(describeUserAgent(header)).toBe(expected);
  });

  it("gives nothing for an empty or unknown header, and reads only the start of a huge one", () => {
    expect(describeUserAgent(null)).toBeUndefined();
    expect(describeUserAgent("")).toBeUndefined();
    expect(describeUserAgent("SomeBot/1.0")).toBeUndefined();
    expect(describeUserAgent(`${"x".repeat(10_000)} Firefox/1`)).toBeUndefined();
  });
});

describe("truncateAddress", () => {
  it("keeps an IPv4 address's /24 and an IPv6 address's /48", () => {
    expect(truncateAddress("203.0.113.77")).toBe("203.0.113.x");
    expect(truncateAddress("2001:db8:abcd:12::/64")).toBe("2001:db8:abcd::/48");
    expect(truncateAddress("2001:0db8:0000:0012::/64")).toBe("2001:db8:0::/48");
  });

  it("gives nothing for no address or anything that is not a bucket", () => {
    expect(truncateAddress(undefined)).toBeUndefined();
    expect(truncateAddress("localhost")).toBeUndefined();
    expect(truncateAddress("2001:db8::1")).toBeUndefined();
  });
});
