import { Auth as ReferenceAuth } from "@auth/core";
import { decode as referenceDecode, encode as referenceEncode } from "@auth/core/jwt";
import ReferenceCredentials from "@auth/core/providers/credentials";
import { describe, expect, it } from "vitest";
import { alice, localClient, makeAuth, origin, secret } from "../../helpers/auth-client.js";
import { createCookieJar } from "../../helpers/cookie-jar.js";

const token = { name: alice.name, email: alice.email, picture: alice.image, sub: alice.id };

describe("session cookies minted by @auth/core", () => {
  it.each([
    ["http", "http://localhost:3000", "authjs.session-token"],
    ["https", "https://app.example.com", "__Secure-authjs.session-token"],
  ])("are accepted by /session and auth() on %s", async (_scheme, site, name) => {
    const minted = await referenceEncode({ token, secret, salt: name });
    const auth = makeAuth();
    const cookie = `${name}=${minted}`;
    const response = await auth.fetch(new Request(`${site}/auth/session`, { headers: { cookie } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { name: alice.name, email: alice.email, image: alice.image } });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await auth.auth(new Request(`${site}/`, { headers: { cookie } })))?.user?.email).toBe(alice.email);
  });

  it("are rejected when minted with another salt (cookie name)", async () => {
    const minted = await referenceEncode({ token, secret, salt: "__Secure-authjs.session-token" });
    expect(await makeAuth().auth(new Request(`${origin}/`, { headers: { cookie: `authjs.session-token=${minted}` } }))).toBeNull();
  });

  it("are read back when large and split into chunks", async () => {
    const big = { ...token, blob: "q".repeat(9000) };
    const minted = await referenceEncode({ token: big, secret, salt: "authjs.session-token" });
    const chunks = minted.match(/.{1,3936}/g)!;
    const cookie = chunks.map((chunk, i) => `authjs.session-token.${i}=${chunk}`).join("; ");
    const auth = makeAuth({ callbacks: { session: ({ session, token: t }) => ({ ...session, blob: (t.blob as string).length }) } });
    expect(await auth.auth(new Request(`${origin}/`, { headers: { cookie } }))).toMatchObject({ blob: 9000 });
  });
});

describe("session cookies minted by sekisho", () => {
  it("decode with @auth/core's decode, salt = cookie name", async () => {
    const client = localClient(makeAuth().fetch);
    await client.signIn();
    const decoded = await referenceDecode({ token: client.jar.get("authjs.session-token")!, secret, salt: "authjs.session-token" });
    expect(decoded).toMatchObject(token);
  });
});

describe("full round trip with @auth/core's handler", () => {
  const referenceConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [
      ReferenceCredentials({
        credentials: { username: {}, password: {} },
        authorize: async (credentials) =>
          credentials.username === "alice" && credentials.password === alice.password
            ? { id: alice.id, name: alice.name, email: alice.email, image: alice.image }
            : null,
      }),
    ],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };

  async function referenceFetch(path: string, jar: ReturnType<typeof createCookieJar>, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.header()) headers.set("cookie", jar.header());
    const response = (await ReferenceAuth(new Request(`${origin}/auth${path}`, { ...init, headers }), referenceConfig)) as Response;
    jar.store(response);
    return response;
  }

  it("a user signed in by @auth/core is signed in for sekisho, and the reverse", async () => {
    const jar = createCookieJar();
    const { csrfToken } = (await (await referenceFetch("/csrf", jar)).json()) as { csrfToken: string };
    const signIn = await referenceFetch("/callback/credentials", jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "alice", password: alice.password, csrfToken }),
    });
    expect(signIn.status).toBe(302);
    expect(jar.get("authjs.session-token")).toBeDefined();

    const auth = makeAuth();
    const sekisho = localClient(auth.fetch);
    sekisho.jar.set("authjs.session-token", jar.get("authjs.session-token")!);
    expect(await sekisho.session()).toMatchObject({ user: { email: alice.email, name: alice.name } });

    // And a sekisho session reads in @auth/core, CSRF cookie included.
    const ours = localClient(auth.fetch);
    await ours.signIn();
    const theirJar = createCookieJar({
      "authjs.session-token": ours.jar.get("authjs.session-token")!,
      "authjs.csrf-token": ours.jar.get("authjs.csrf-token")!,
    });
    const session = await referenceFetch("/session", theirJar);
    expect(await session.json()).toMatchObject({ user: { email: alice.email } });
    const csrf = await referenceFetch("/csrf", theirJar);
    expect(((await csrf.json()) as { csrfToken: string }).csrfToken).toBe(decodeURIComponent(ours.jar.get("authjs.csrf-token")!).split("|")[0]);
  });
});
