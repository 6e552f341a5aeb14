/**
 * Finding 6 in sekisho/next: server components, server actions and the pages router see only the
 * request's headers. A forged X-Forwarded-Host or X-Forwarded-Proto must not decide their origin unless
 * the deployment trusts forwarded headers: the core's one derivation applies to them as to the routes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import NextAuth, { type NextAuthConfig } from "../../../shims/next/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { alice, credentialsProvider, localClient, makeAuth, quietLogger, secret } from "../../helpers/auth-client.js";
import { forged, mailbox } from "./fixtures.js";

const incoming = { headers: new Headers(), cookies: [] as { name: string; value: string }[] };

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({ getAll: () => incoming.cookies, set: () => {} }),
}));

afterEach(() => {
  incoming.headers = new Headers();
  incoming.cookies = [];
});

/** The request Next.js is serving: the dev server on localhost:3000, with forged forwarded headers. */
function serving(cookies: { name: string; value: string }[] = []) {
  incoming.headers = new Headers({ host: "localhost:3000", ...forged });
  incoming.cookies = cookies;
}

function nextAuth(config: Partial<NextAuthConfig> = {}) {
  return NextAuth({ secret, providers: [credentialsProvider()], logger: quietLogger, ...config });
}

/** alice's session cookie as an http deployment on localhost sets it. */
async function aliceCookie(): Promise<{ name: string; value: string }> {
  const client = localClient(makeAuth({}, { defaultBasePath: "/api/auth" }).fetch, "/api/auth");
  await client.signIn();
  return { name: "authjs.session-token", value: client.jar.get("authjs.session-token")! };
}

describe("server actions", () => {
  it("signIn() names the sign-in page on the Host, not on the forged host", async () => {
    serving();
    const url = await nextAuth().signIn(undefined, { redirect: false, redirectTo: "/next" });
    expect(new URL(url).origin).toBe("http://localhost:3000");
  });

  it("signIn('email') emails a link on the Host", async () => {
    const { links, provider } = mailbox();
    serving();
    await nextAuth({ adapter: MemoryAdapter(), providers: [provider] }).signIn("email", { email: alice.email, redirect: false });
    expect(links.map((link) => new URL(link).origin)).toEqual(["http://localhost:3000"]);
  });

  it("signIn('credentials') redirects to the Host", async () => {
    serving();
    const url = await nextAuth().signIn("credentials", { username: "alice", password: alice.password, redirect: false, redirectTo: "/home" });
    expect(url).toBe("http://localhost:3000/home");
  });
});

describe("auth()", () => {
  it("in a server component, a forged X-Forwarded-Proto does not switch to the __Secure- cookie names", async () => {
    serving([await aliceCookie()]);
    expect((await nextAuth().auth())?.user?.email).toBe(alice.email);
  });

  it("with trustHost, the forwarded https origin decides the cookie names, as on the routes", async () => {
    serving([await aliceCookie()]);
    expect(await nextAuth({ trustHost: true }).auth()).toBeNull();
  });

  it("in the pages router, the same", async () => {
    const cookie = await aliceCookie();
    const req = { url: "/profile", method: "GET", headers: { host: "localhost:3000", ...forged, cookie: `${cookie.name}=${cookie.value}` } };
    const res = { getHeader: () => undefined, setHeader: () => res };
    const auth = nextAuth().auth as unknown as (req: IncomingMessage, res: ServerResponse) => Promise<{ user?: { email?: string } } | null>;
    expect((await auth(req as unknown as IncomingMessage, res as unknown as ServerResponse))?.user?.email).toBe(alice.email);
  });
});
