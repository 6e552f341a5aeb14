/**
 * The session list: GET {basePath}/sessions as JSON and as the built-in page, POST {basePath}/sessions/revoke
 * by id and with `others`, on both strategies. Sessions are recorded at sign-in and re-issue, never on a read.
 */
import { describe, expect, it } from "vitest";
import { de } from "../../../src/messages/de.js";
import type { SessionView } from "../../../pages/props.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterWithAlice, alice, localClient, makeAuth, type Client } from "../../helpers/auth-client.js";

const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const chromeOnMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const list = async (client: Client) => (await (await client.send("/sessions", { headers: { accept: "application/json" } })).json()) as SessionView[];

async function revoke(client: Client, fields: Record<string, string>, accept = "application/json") {
  return client.send("/sessions/revoke", { form: { ...fields, csrfToken: await client.csrfToken() }, headers: { accept } });
}

const strategies = [
  ["jwt", async () => ({ adapter: MemoryAdapter(), provider: undefined })],
  ["database", async () => adapterWithAlice()],
] as const;

for (const [strategy, setUp] of strategies) {
  describe(`the session list (${strategy} strategy)`, () => {
    async function twoDevices() {
      const { adapter, provider } = await setUp();
      const auth = makeAuth({ adapter, session: { strategy }, trustHost: true, messages: { de }, ...(provider ? { providers: [provider] } : {}) });
      const laptop = localClient(auth.fetch);
      const phone = localClient(auth.fetch);
      await laptop.signIn(undefined, { "user-agent": firefoxOnLinux, "x-forwarded-for": "203.0.113.77" });
      await phone.signIn(undefined, { "user-agent": chromeOnMac, "x-forwarded-for": "2001:db8:abcd:12::1" });
      return { auth, adapter, laptop, phone };
    }

    it("lists the user's sessions with a short user agent, a truncated address and the current one marked", async () => {
      const { laptop } = await twoDevices();
      const sessions = await list(laptop);
      expect(sessions).toHaveLength(2);
      expect(sessions.map(({ userAgent, ip, current }) => ({ userAgent, ip, current }))).toEqual([
        { userAgent: "Firefox on Linux", ip: "203.0.113.x", current: true },
        { userAgent: "Chrome on macOS", ip: "2001:db8:abcd::/48", current: false },
      ]);
      for (const session of sessions) {
        expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
        expect(session.lastActiveAt).toBe(session.createdAt);
      }
    });

    it("a plain read records nothing: lastActiveAt stays until the session is re-issued", async () => {
      const { laptop } = await twoDevices();
      const before = await list(laptop);
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (let i = 0; i < 3; i++) await laptop.session();
      expect(await list(laptop)).toEqual(before);
    });

    it("revokes another session by id: that device is signed out, this one is not", async () => {
      const { laptop, phone } = await twoDevices();
      const other = (await list(laptop)).find((session) => !session.current)!;
      const response = await revoke(laptop, { id: other.id });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ revoked: 1 });
      expect(await phone.session()).toBeNull();
      expect(await laptop.session()).toMatchObject({ user: { email: alice.email } });
      expect((await list(laptop)).map((session) => session.current)).toEqual([true]);
    });

    it("`others: true` ends every session but the current one", async () => {
      const { auth, laptop, phone } = await twoDevices();
      const tablet = localClient(auth.fetch);
      await tablet.signIn();
      const response = await revoke(laptop, { others: "true" });
      expect(await response.json()).toEqual({ revoked: 2 });
      expect(await phone.session()).toBeNull();
      expect(await tablet.session()).toBeNull();
      expect(await laptop.session()).not.toBeNull();
    });

    it("a browser gets the built-in page, with a sign-out button per other session, and a form post redirects back", async () => {
      const { laptop, phone } = await twoDevices();
      const page = await laptop.send("/sessions", { headers: { accept: "text/html", "accept-language": "de" } });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      const body = await page.text();
      expect(body).toContain("Ihre Sitzungen");
      // The recorded "Firefox on Linux", in the page's language.
      expect(body).toContain("Firefox unter Linux");
      expect(body).toContain("Dieses Gerät");
      expect(body).toContain("203.0.113.x");
      const other = (await list(laptop)).find((session) => !session.current)!;
      expect(body).toContain(`name="id" value="${other.id}"`);
      expect(body.match(/name="id"/g)).toHaveLength(1);
      const posted = await revoke(laptop, { id: other.id }, "text/html");
      expect(posted.status).toBe(302);
      expect(posted.headers.get("location")).toBe(`${laptop.base}/sessions`);
      expect(await phone.session()).toBeNull();
    });

    it("signed out: 401 JSON for scripts, a redirect to sign-in for browsers", async () => {
      const { auth } = await twoDevices();
      const stranger = localClient(auth.fetch);
      const asJson = await stranger.send("/sessions", { headers: { accept: "application/json" } });
      expect(asJson.status).toBe(401);
      expect(await asJson.json()).toMatchObject({ error: "SessionRequired" });
      const asPage = await stranger.send("/sessions", { headers: { accept: "text/html" } });
      expect(asPage.status).toBe(302);
      expect(asPage.headers.get("location")).toBe(`${stranger.base}/signin?callbackUrl=${encodeURIComponent(`${stranger.base}/sessions`)}`);
    });
  });
}

describe("the session list's options", () => {
  it("pages.sessions replaces the built-in page for browsers; JSON clients still get JSON", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" }, pages: { sessions: "/account/sessions" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const page = await client.send("/sessions", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/account/sessions");
    expect(await list(client)).toHaveLength(1);
  });

  it("a re-issue moves lastActiveAt", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt", updateAge: 0 } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const [before] = await list(client);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.session();
    const [after] = await list(client);
    expect(after.id).toBe(before.id);
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.lastActiveAt)).toBeGreaterThan(Date.parse(before.lastActiveAt));
  });
});
