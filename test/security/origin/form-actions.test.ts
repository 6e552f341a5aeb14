/**
 * Finding: the SvelteKit form actions and the Next.js server actions call the core in-process, which skips the
 * CSRF token the `{basePath}` routes check. With SvelteKit's `csrf.checkOrigin` off, `trustedOrigins: ["*"]` or
 * under `vite dev` (and Next.js with a broad `serverActions.allowedOrigins`), a form on any site signed the
 * victim into the attacker's account, or signed them out. The calls now check the form's origin themselves.
 */
import { isHttpError, isRedirect, type RequestEvent } from "@sveltejs/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import NextAuth from "../../../shims/next/index.js";
import { SvelteKitAuth } from "../../../shims/sveltekit/index.js";
import { alice, credentialsProvider, makeAuth, origin, quietLogger, secret } from "../../helpers/auth-client.js";

// `vite dev`, where SvelteKit checks no origin at all.
vi.mock("$app/environment", () => ({ dev: true, building: false }));
vi.mock("$env/dynamic/private", () => ({ env: {} }));

const incoming = { headers: new Headers(), set: [] as { name: string; value: string }[] };
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => [],
    set: (name: string, value: string) => void incoming.set.push({ name, value }),
  }),
}));
afterEach(() => {
  incoming.headers = new Headers();
  incoming.set = [];
});

/** The attacker's own account, which login CSRF signs the victim into. */
const mallory = { username: "alice", password: alice.password };
const crossSite = { origin: "https://attacker.example", "sec-fetch-site": "cross-site" };
const refusals: [string, Record<string, string>][] = [
  ["a page on another site", crossSite],
  ["a sibling subdomain (same-site)", { origin: "https://evil.localhost:3000", "sec-fetch-site": "same-site" }],
  ["an older browser on another site (Origin only)", { origin: "https://attacker.example" }],
  ["a post with neither header", {}],
  ["an opaque origin (a sandboxed frame)", { origin: "null" }],
];

describe("SvelteKit form actions", () => {
  const auth = () => SvelteKitAuth({ secret, providers: [credentialsProvider()], logger: quietLogger });

  function formEvent(path: string, fields: Record<string, string>, headers: Record<string, string>) {
    const request = new Request(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "authjs.session-token=victim", ...headers },
      body: new URLSearchParams(fields),
    });
    const set: { name: string; value: string }[] = [];
    const event = { request, url: new URL(request.url), locals: {}, cookies: { set: (name: string, value: string) => void set.push({ name, value }), getAll: () => [] } };
    return { event: event as unknown as RequestEvent, set };
  }

  const outcome = (action: Promise<never>) => action.then(() => undefined, (thrown: unknown) => thrown);

  it.each(refusals)("signIn from %s is a 403 and sets no cookie", async (_, headers) => {
    const { event, set } = formEvent("/signin", { providerId: "credentials", ...mallory }, headers);
    const thrown = await outcome(auth().signIn(event));
    expect(isHttpError(thrown, 403)).toBe(true);
    expect(set).toEqual([]);
  });

  it.each(refusals)("signOut from %s is a 403 and clears no cookie", async (_, headers) => {
    const { event, set } = formEvent("/signout", {}, headers);
    const thrown = await outcome(auth().signOut(event));
    expect(isHttpError(thrown, 403)).toBe(true);
    expect(set).toEqual([]);
  });

  it.each([
    ["Sec-Fetch-Site: same-origin", { origin: "https://what-a-proxy-rewrote.example", "sec-fetch-site": "same-origin" }],
    ["an older browser's Origin equal to the app's", { origin }],
  ])("the app's own form (%s) signs in and out", async (_, headers) => {
    const signIn = formEvent("/signin", { providerId: "credentials", ...mallory }, headers);
    expect(isRedirect(await outcome(auth().signIn(signIn.event)))).toBe(true);
    expect(signIn.set.map(({ name }) => name)).toContain("authjs.session-token");
    const signOut = formEvent("/signout", {}, headers);
    expect(isRedirect(await outcome(auth().signOut(signOut.event)))).toBe(true);
    expect(signOut.set).toContainEqual({ name: "authjs.session-token", value: "" });
  });
});

describe("Next.js server actions", () => {
  const next = () => NextAuth({ secret, providers: [credentialsProvider()], logger: quietLogger });

  /** A server action's request as Next.js hands it over: a POST with the action's id, from a page on `headers`' site. */
  function serving(headers: Record<string, string>) {
    incoming.headers = new Headers({ host: "localhost:3000", "content-type": "text/plain;charset=UTF-8", "next-action": "7f00", ...headers });
  }

  it.each(refusals)("signIn('credentials') from %s is refused and sets no cookie", async (_, headers) => {
    serving(headers);
    await expect(next().signIn("credentials", { ...mallory, redirect: false })).rejects.toMatchObject({ type: "MissingCSRF" });
    expect(incoming.set).toEqual([]);
  });

  it.each(refusals)("signOut() and unstable_update() from %s are refused and set no cookie", async (_, headers) => {
    serving(headers);
    await expect(next().signOut({ redirect: false })).rejects.toMatchObject({ type: "MissingCSRF" });
    await expect(next().unstable_update({ user: { name: "Mallory" } })).rejects.toMatchObject({ type: "MissingCSRF" });
    expect(incoming.set).toEqual([]);
  });

  it("the app's own page (Sec-Fetch-Site: same-origin) signs in", async () => {
    serving({ origin, "sec-fetch-site": "same-origin" });
    expect(await next().signIn("credentials", { ...mallory, redirect: false, redirectTo: "/home" })).toBe(`${origin}/home`);
    expect(incoming.set.map(({ name }) => name)).toContain("authjs.session-token");
  });

  it("server code serving no form (a server component, a GET route handler, a JSON route) keeps working", async () => {
    incoming.headers = new Headers({ host: "localhost:3000", "sec-fetch-site": "cross-site" });
    expect(await next().signIn("credentials", { ...mallory, redirect: false, redirectTo: "/home" })).toBe(`${origin}/home`);
    incoming.headers = new Headers({ host: "localhost:3000", "content-type": "application/json" });
    expect(await next().signOut({ redirect: false, redirectTo: "/bye" })).toBe(`${origin}/bye`);
  });
});

describe("the core's server-side calls", () => {
  it("from trusted server code, with a request that carries no form, need no origin", async () => {
    const auth = makeAuth();
    const request = new Request(`${origin}/page`, { method: "POST" });
    const result = await auth.signIn("credentials", { ...mallory, redirect: false }, undefined, { request });
    expect(result.cookies.map(({ name }) => name)).toContain("authjs.session-token");
    expect((await auth.signOut({}, { headers: { host: "localhost:3000" } })).url).toBe(`${origin}/`);
  });

  it("serving a form post from another site, are refused like the shims' actions", async () => {
    const auth = makeAuth();
    const headers = { "content-type": "multipart/form-data; boundary=x", ...crossSite };
    await expect(auth.signIn("credentials", { ...mallory }, undefined, { headers })).rejects.toMatchObject({ type: "MissingCSRF" });
  });
});
