/**
 * Moving a next-auth v4 app (jwt strategy) to sekisho signs nobody out. The browser signs in with the real
 * next-auth 4 package, through its pages-router API handler driven in Node with the request and response
 * objects Next passes (no Next.js build: see ./v4-app.ts). The "app" then runs sekisho with the same secret,
 * read from NEXTAUTH_SECRET, and `session.acceptNextAuthV4`.
 */
import { describe, expect, it } from "vitest";
import { decode } from "../../../src/jwt.js";
import { alice, localClient, makeAuth, type Client } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";
import { type AuthOptions, CredentialsProvider, callV4, quietV4Logger, v4CsrfToken } from "./v4-app.js";

const secret = "next-auth-v4-app-secret-0123456789abcdef";
const sekishoCookie = "authjs.session-token";

function v4Options(extra: Partial<AuthOptions> = {}): AuthOptions {
  return {
    secret,
    logger: quietV4Logger,
    session: { strategy: "jwt" },
    providers: [
      CredentialsProvider({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials: Record<string, string> | undefined) =>
          credentials?.username === "alice" && credentials.password === alice.password
            ? { id: alice.id, name: alice.name, email: alice.email, image: alice.image }
            : null,
      }),
    ],
    ...extra,
  };
}

/** sekisho with the v4 app's secret in NEXTAUTH_SECRET, as the v4 app had it. */
function sekisho(acceptNextAuthV4 = true) {
  return makeAuth({ secret: undefined, session: { acceptNextAuthV4 } }, { env: { NEXTAUTH_SECRET: secret } });
}

/** Signs alice in on the v4 app with the client's jar, as the browser did before the switch. */
async function signInOnV4(client: Client, options: AuthOptions) {
  const csrfToken = await v4CsrfToken(options, client.jar);
  const body = { csrfToken, username: "alice", password: alice.password, callbackUrl: "http://localhost:3000/", json: "true" };
  const signedIn = await callV4(options, client.jar, "callback/credentials", { method: "POST", body });
  expect(signedIn.body).toEqual({ url: "http://localhost:3000/" });
  const v4Session = await callV4(options, client.jar, "session");
  expect(v4Session.body).toMatchObject({ user: { email: alice.email } });
}

async function expectCarried(client: Client, v4Names: string[]) {
  const response = await client.send("/session");
  const session = (await response.json()) as { user?: { email?: string; name?: string } } | null;
  expect(session?.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
  const set = setCookiesOf(response);
  const cleared = set.filter(isDeletion).map((cookie) => cookie.name);
  expect(cleared.sort()).toEqual([...v4Names].sort());
  expect(set.some((cookie) => cookie.name.startsWith(sekishoCookie) && !isDeletion(cookie))).toBe(true);
  for (const name of client.jar.names()) expect(name.includes("next-auth.session-token")).toBe(false);

  const token = await decode({ token: readJoined(client), secret, salt: sekishoCookie });
  expect(token).toMatchObject({ sub: alice.id, email: alice.email, sid: expect.any(String) });
}

function readJoined(client: Client): string {
  const whole = client.jar.get(sekishoCookie);
  if (whole) return whole;
  let joined = "";
  for (let index = 0; client.jar.get(`${sekishoCookie}.${index}`); index++) joined += client.jar.get(`${sekishoCookie}.${index}`);
  return joined;
}

/** The sekisho cookie alone, in a fresh browser, is the session; the next request sets no cookie. */
async function expectSekishoCookieAlone(client: Client, auth: ReturnType<typeof sekisho>) {
  const fresh = localClient(auth.fetch);
  for (const name of client.jar.names()) if (name.startsWith(sekishoCookie)) fresh.jar.set(name, client.jar.get(name)!);
  const response = await fresh.send("/session");
  expect(((await response.json()) as { user?: { email?: string } }).user?.email).toBe(alice.email);
  expect(setCookiesOf(response)).toEqual([]);
}

describe("a next-auth v4 jwt session carried over to sekisho", () => {
  it("next-auth.session-token: still signed in, given a sekisho cookie, the v4 cookie cleared", async () => {
    const auth = sekisho();
    const client = localClient(auth.fetch);
    await signInOnV4(client, v4Options());
    expect(client.jar.get("next-auth.session-token")).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    await expectCarried(client, ["next-auth.session-token"]);
    await expectSekishoCookieAlone(client, auth);
  });

  it("__Secure-next-auth.session-token (v4 with secure cookies) is carried over too", async () => {
    const auth = sekisho();
    const client = localClient(auth.fetch);
    await signInOnV4(client, v4Options({ useSecureCookies: true }));
    expect(client.jar.get("__Secure-next-auth.session-token")).toBeDefined();
    await expectCarried(client, ["__Secure-next-auth.session-token"]);
    await expectSekishoCookieAlone(client, auth);
  });

  it("a chunked v4 cookie (.0, .1, .2) is joined, carried with its claims, and every chunk cleared", async () => {
    const auth = sekisho();
    const client = localClient(auth.fetch);
    const bio = "b".repeat(6000);
    await signInOnV4(client, v4Options({ callbacks: { jwt: ({ token }: { token: object }) => ({ ...token, bio }) } }));
    const chunks = client.jar.names().filter((name) => name.startsWith("next-auth.session-token"));
    expect(chunks).toEqual(["next-auth.session-token.0", "next-auth.session-token.1", "next-auth.session-token.2"]);
    await expectCarried(client, ["next-auth.session-token", ...chunks]);
    expect(await decode({ token: readJoined(client), secret, salt: sekishoCookie })).toMatchObject({ bio });
    await expectSekishoCookieAlone(client, auth);
  });

  it("is off by default: a v4 cookie is no session and is left alone", async () => {
    const auth = sekisho(false);
    const client = localClient(auth.fetch);
    await signInOnV4(client, v4Options());
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    expect(setCookiesOf(response)).toEqual([]);
  });

  it("an option that is no boolean is refused at start-up, naming it", () => {
    expect(() => makeAuth({ session: { acceptNextAuthV4: "yes" as unknown as boolean } })).toThrow(/session\.acceptNextAuthV4 must be true or false/);
  });

  it("signing out of sekisho with only the v4 cookie clears it and sets no sekisho cookie", async () => {
    const auth = sekisho();
    const client = localClient(auth.fetch);
    await signInOnV4(client, v4Options());
    const response = await client.signOut();
    expect(response.status).toBe(302);
    const set = setCookiesOf(response);
    expect(set.filter((cookie) => cookie.name === "next-auth.session-token").every(isDeletion)).toBe(true);
    expect(set.some((cookie) => cookie.name === "next-auth.session-token")).toBe(true);
    expect(set.filter((cookie) => cookie.name.startsWith(sekishoCookie)).every(isDeletion)).toBe(true);
    expect(await client.session()).toBeNull();
  });
});
