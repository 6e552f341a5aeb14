/**
 * Recent sign-in: every session knows when its user last proved who they are (jwt: the token's `authn`; database:
 * the session's record), `/session` stays the reference's JSON, and `requireRecentSignIn` refuses a stale session:
 * 403 JSON for scripts, a redirect to sign in again for browsers.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterWithAlice, alice, localClient, makeAuth, origin, type Client } from "../../helpers/auth-client.js";
import type { JWT } from "../../../src/index.js";

const strategies = [
  ["jwt", async () => ({ adapter: MemoryAdapter(), provider: undefined })],
  ["database", async () => adapterWithAlice()],
] as const;

const page = (client: Client, path = "/settings", accept = "application/json") =>
  new Request(`${origin}${path}`, { headers: { cookie: client.jar.header(), accept } });

afterEach(() => {
  vi.useRealTimers();
});

for (const [strategy, setUp] of strategies) {
  describe(`recent sign-in (${strategy} strategy)`, () => {
    async function signedIn(config: Parameters<typeof makeAuth>[0] = {}) {
      const { adapter, provider } = await setUp();
      const auth = makeAuth({ adapter, session: { strategy }, ...(provider ? { providers: [provider] } : {}), ...config });
      const client = localClient(auth.fetch);
      expect((await client.signIn()).status).toBe(302);
      return { auth, adapter, client };
    }

    it("knows when and how the user last proved who they are", async () => {
      const before = Math.floor(Date.now() / 1000);
      const { auth, client } = await signedIn();
      const proof = await auth.signInProof(page(client));
      expect(proof).toMatchObject({ methods: ["credentials"], sessionId: expect.any(String) });
      expect(proof!.provedAt).toBeGreaterThanOrEqual(before);
      expect(proof!.provedAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    });

    it("leaves the /session JSON as the reference has it", async () => {
      const { client } = await signedIn();
      const session = (await client.session()) as Record<string, unknown>;
      expect(Object.keys(session).sort()).toEqual(["expires", "user"]);
      expect(JSON.stringify(session)).not.toMatch(/provedAt|methods|credentials/);
    });

    it("lets a fresh session through, and refuses it once account.recentSignIn has passed", async () => {
      const { auth, client } = await signedIn();
      expect(await auth.requireRecentSignIn(page(client))).toBeNull();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 601_000);
      const refused = await auth.requireRecentSignIn(page(client));
      expect(refused?.status).toBe(403);
      expect(await refused?.json()).toEqual({ error: "RecentSignInRequired" });
      expect(refused?.headers.get("cache-control")).toBe("no-store");
    });

    it("sends a browser to sign in again, coming back to the page", async () => {
      const { auth, client } = await signedIn({ account: { recentSignIn: 60 } });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 61_000);
      const refused = await auth.requireRecentSignIn(page(client, "/settings?tab=security", "text/html"));
      expect(refused?.status).toBe(303);
      const location = new URL(refused!.headers.get("location")!);
      expect(location.pathname).toBe("/auth/signin");
      expect(location.searchParams.get("error")).toBe("RecentSignInRequired");
      expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/settings?tab=security`);
      const signInPage = await client.send(`/signin${location.search}`, { headers: { accept: "text/html" } });
      expect(await signInPage.text()).toContain("sign in again to continue");
    });

    it("a maxAge of the app's own is stricter than the configured one", async () => {
      const { auth, client } = await signedIn();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 31_000);
      expect(await auth.requireRecentSignIn(page(client))).toBeNull();
      expect((await auth.requireRecentSignIn(page(client), { maxAge: 30 }))?.status).toBe(403);
    });

    it("refuses a visitor who is not signed in alike", async () => {
      const { auth } = await signedIn();
      const refused = await auth.requireRecentSignIn(new Request(`${origin}/settings`, { headers: { accept: "application/json" } }));
      expect(refused?.status).toBe(403);
      expect(await refused?.json()).toEqual({ error: "RecentSignInRequired" });
      expect(await auth.signInProof(new Request(`${origin}/settings`))).toBeNull();
    });

    it("signing in again while signed in refreshes the proof", async () => {
      const { auth, client } = await signedIn();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 601_000);
      expect((await auth.requireRecentSignIn(page(client)))?.status).toBe(403);
      expect((await client.signIn()).status).toBe(302);
      expect(await auth.requireRecentSignIn(page(client))).toBeNull();
      expect((await auth.signInProof(page(client)))?.provedAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 1);
    });

    it("keeps the proof through a re-issue of the session", async () => {
      const { auth, client } = await signedIn({ session: { strategy, updateAge: 0 } });
      const first = await auth.signInProof(page(client));
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 120_000);
      const read = await client.send("/session");
      expect(read.headers.get("set-cookie")).toBeTruthy();
      expect(await auth.signInProof(page(client))).toEqual(first);
    });
  });
}

describe("recent sign-in under the jwt strategy", () => {
  it("the jwt callback can neither set nor remove the proof", async () => {
    const forged = { startedAt: 0, provedAt: 4_000_000_000, methods: ["totp"] };
    const auth = makeAuth({
      session: { updateAge: 0 },
      callbacks: { jwt: ({ token }: { token: JWT }) => ({ ...token, authn: forged }) },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 601_000);
    await client.session();
    expect((await auth.requireRecentSignIn(page(client)))?.status).toBe(403);
    expect((await auth.signInProof(page(client)))?.methods).toEqual(["credentials"]);
  });

  it("reads the proof from the cookie alone, with no store read", async () => {
    const adapter = MemoryAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const find = vi.spyOn(adapter.sessionRecords, "find");
    const list = vi.spyOn(adapter.sessionRecords, "list");
    expect(await auth.requireRecentSignIn(page(client))).toBeNull();
    await client.session();
    expect(find).not.toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled();
  });

  it("the proof names the signed-in user", async () => {
    const auth = makeAuth();
    const client = localClient(auth.fetch);
    await client.signIn();
    expect((await auth.signInProof(page(client)))?.userId).toBe(alice.id);
  });
});

describe("account.recentSignIn", () => {
  it("must be a number of seconds of at least 1", () => {
    expect(() => makeAuth({ account: { recentSignIn: 0 } })).toThrow(/account\.recentSignIn/);
  });
});
