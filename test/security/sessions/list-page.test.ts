/**
 * The session list shows what request headers said at sign-in: User-Agent and the client address. Both are the
 * attacker's to choose (the address through `X-Forwarded-For` where the deployment trusts it, or an app's own
 * `rateLimit.clientIp`). Neither may put markup on the page, text in the JSON beyond the short description, or
 * lines in the log.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { localClient, makeAuth } from "../../helpers/auth-client.js";

const hostileAgent = 'Mozilla/5.0 (X11; Linux x86_64) <script>alert("ua")</script> Firefox/130.0 "><img src=x onerror=alert(1)>';

describe("hostile header values in the session list", () => {
  it("a crafted User-Agent and address reach neither the page nor the JSON: a short description, no address", async () => {
    const logged: string[] = [];
    const log = (...args: unknown[]) => void logged.push(JSON.stringify(args));
    const auth = makeAuth({
      adapter: MemoryAdapter(),
      session: { strategy: "jwt" },
      trustHost: true,
      rateLimit: { enabled: true, clientIp: (request) => request.headers.get("x-client") ?? undefined },
      logger: { error: log, warn: log, debug: log },
    });
    const client = localClient(auth.fetch);
    await client.signIn(undefined, { "user-agent": hostileAgent, "x-client": '203.0.113.9"><script>alert("ip")</script>\u0007' });
    const json = (await (await client.send("/sessions", { headers: { accept: "application/json" } })).json()) as { userAgent: string | null; ip: string | null }[];
    expect(json).toEqual([expect.objectContaining({ userAgent: "Firefox on Linux", ip: null })]);
    const page = await (await client.send("/sessions", { headers: { accept: "text/html" } })).text();
    expect(page).toContain("Firefox on Linux");
    expect(page).not.toMatch(/alert\(|onerror|<img/);
    expect(logged.join("\n")).not.toMatch(/alert\(|\u0007/);
    // the same source gives a plain address, truncated
    const other = localClient(auth.fetch);
    await other.signIn(undefined, { "x-client": "198.51.100.7" });
    const listed = (await (await other.send("/sessions", { headers: { accept: "application/json" } })).json()) as { ip: string | null; current: boolean }[];
    expect(listed.find((session) => session.current)?.ip).toBe("198.51.100.x");
  });
});
