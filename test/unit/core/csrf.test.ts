import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { skipCSRFCheck } from "../../../src/index.js";
import { alice, localClient, makeAuth, origin, secret, type Client } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function expectMissingCsrf(response: Response) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!, origin);
  expect(location.origin + location.pathname).toBe(`${origin}/auth/signin`);
  expect(location.searchParams.get("error")).toBe("MissingCSRF");
}

const credentialsFields = { username: "alice", password: alice.password };

/** Each CSRF-checked POST, whether it starts signed in, and the evidence that it had no effect. */
const routes: [string, boolean, Record<string, string>, (client: Client, response: Response) => Promise<void>][] = [
  [
    "/signin/credentials",
    false,
    {},
    async (client) => expect(client.jar.get("authjs.session-token")).toBeUndefined(),
  ],
  [
    "/callback/credentials",
    false,
    credentialsFields,
    async (client, response) => {
      expect(setCookiesOf(response).some((c) => c.name === "authjs.session-token")).toBe(false);
      expect(await client.session()).toBeNull();
    },
  ],
  [
    "/signout",
    true,
    {},
    async (client, response) => {
      expect(setCookiesOf(response).some((c) => c.name === "authjs.session-token" && isDeletion(c))).toBe(false);
      expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
    },
  ],
];

describe.each(routes)("POST %s is CSRF-checked", (path, startSignedIn, fields, expectNoEffect) => {
  async function startClient() {
    const client = localClient(makeAuth().fetch);
    if (startSignedIn) await client.signIn();
    return client;
  }

  it("refuses a missing csrfToken", async () => {
    const client = await startClient();
    const response = await client.send(path, { form: fields });
    expectMissingCsrf(response);
    await expectNoEffect(client, response);
  });

  it("refuses a csrfToken that does not match the cookie", async () => {
    const client = await startClient();
    const token = await client.csrfToken();
    const wrong = token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const response = await client.send(path, { form: { ...fields, csrfToken: wrong } });
    expectMissingCsrf(response);
    await expectNoEffect(client, response);
  });

  it("refuses a valid csrfToken sent without its cookie", async () => {
    const client = await startClient();
    const token = await client.csrfToken();
    client.jar.delete("authjs.csrf-token");
    const response = await client.send(path, { form: { ...fields, csrfToken: token } });
    expectMissingCsrf(response);
    await expectNoEffect(client, response);
  });

  it("refuses a forged cookie whose hash is not made with the secret", async () => {
    const client = await startClient();
    const token = "a".repeat(64);
    for (const forged of [`${token}|${sha256(token + "guessed-secret")}`, `${token}|${sha256(token)}`, `${token}|`, token]) {
      client.jar.set("authjs.csrf-token", encodeURIComponent(forged));
      const response = await client.send(path, { form: { ...fields, csrfToken: token } });
      expectMissingCsrf(response);
      await expectNoEffect(client, response);
    }
  });

  it("refuses a cookie minted by an instance with another secret", async () => {
    const other = localClient(makeAuth({ secret: "another-secret-0123456789abcdef012345678" }).fetch);
    const token = await other.csrfToken();
    const client = await startClient();
    client.jar.set("authjs.csrf-token", other.jar.get("authjs.csrf-token")!);
    const response = await client.send(path, { form: { ...fields, csrfToken: token } });
    expectMissingCsrf(response);
    await expectNoEffect(client, response);
  });
});

describe("CSRF token", () => {
  it("the cookie is token|sha256(token + secret)", async () => {
    const client = localClient(makeAuth().fetch);
    const token = await client.csrfToken();
    expect(decodeURIComponent(client.jar.get("authjs.csrf-token")!)).toBe(`${token}|${sha256(token + secret)}`);
  });

  it("a cookie with a hash made from the secret is accepted (double submit)", async () => {
    const client = localClient(makeAuth().fetch);
    const token = "b".repeat(64);
    client.jar.set("authjs.csrf-token", encodeURIComponent(`${token}|${sha256(token + secret)}`));
    const response = await client.send("/callback/credentials", { form: { ...credentialsFields, csrfToken: token } });
    expect(response.headers.get("location")).toBe(`${origin}/`);
    expect(client.jar.get("authjs.session-token")).toBeDefined();
  });

  it("a cookie hashed with an older secret of the rotation is accepted", async () => {
    const older = "older-secret-0123456789abcdef0123456789ab";
    const client = localClient(makeAuth({ secret: [secret, older] }).fetch);
    const token = "d".repeat(64);
    client.jar.set("authjs.csrf-token", encodeURIComponent(`${token}|${sha256(token + older)}`));
    const response = await client.send("/callback/credentials", { form: { ...credentialsFields, csrfToken: token } });
    expect(response.headers.get("location")).toBe(`${origin}/`);
  });

  it("skipCSRFCheck lets POSTs through without a token", async () => {
    const auth = makeAuth({ skipCSRFCheck });
    const client = localClient(auth.fetch);
    const response = await client.send("/callback/credentials", { form: credentialsFields });
    expect(response.headers.get("location")).toBe(`${origin}/`);
    expect(client.jar.get("authjs.csrf-token")).toBeUndefined();
    expect(((await client.session()) as { user: { email: string } }).user.email).toBe(alice.email);
    const update = await client.send("/session", { json: { data: {} } });
    expect(update.status).toBe(200);
  });

  it("is accepted from a JSON body too", async () => {
    const client = localClient(makeAuth().fetch);
    const response = await client.send("/callback/credentials", { json: { ...credentialsFields, csrfToken: await client.csrfToken() } });
    expect(response.status).toBe(302);
    expect(client.jar.get("authjs.session-token")).toBeDefined();
  });

  it("a forged cookie on GET /csrf is replaced by a fresh one", async () => {
    const client = localClient(makeAuth().fetch);
    const token = "c".repeat(64);
    client.jar.set("authjs.csrf-token", `${token}%7C${"0".repeat(64)}`);
    const fresh = await client.csrfToken();
    expect(fresh).not.toBe(token);
    expect(decodeURIComponent(client.jar.get("authjs.csrf-token")!)).toBe(`${fresh}|${sha256(fresh + secret)}`);
  });
});

describe("in-process calls skip the CSRF check", () => {
  it("signIn, update and signOut work without a CSRF token", async () => {
    const auth = makeAuth({
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, name: session.name } : token) },
    });
    const headers = { host: "localhost:3000" };
    const signIn = await auth.signIn("credentials", { ...credentialsFields, redirectTo: "/welcome" }, undefined, { headers });
    expect(signIn.url).toBe(`${origin}/welcome`);
    expect(signIn.redirect).toBe(true);
    const session = signIn.cookies.find((cookie) => cookie.name === "authjs.session-token")!;
    expect(session.value.length).toBeGreaterThan(100);
    const cookie = `authjs.session-token=${session.value}`;
    expect((await auth.auth(new Request(`${origin}/`, { headers: { cookie } })))?.user?.email).toBe(alice.email);

    const updated = await auth.update({ name: "Alice L." }, { headers: { ...headers, cookie } });
    expect(updated.session?.user?.name).toBe("Alice L.");

    const signOut = await auth.signOut({ redirectTo: "/bye", redirect: false }, { headers: { ...headers, cookie } });
    expect(signOut.url).toBe(`${origin}/bye`);
    expect(signOut.redirect).toBe(false);
    expect(signOut.cookies.find((c) => c.name === "authjs.session-token")?.options.maxAge).toBe(0);
  });

  it("the in-process marker cannot be sent over HTTP: a request that looks like one is still checked", async () => {
    const auth = makeAuth();
    const response = await auth.fetch(
      new Request(`${origin}/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
        body: new URLSearchParams(credentialsFields),
      }),
    );
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).searchParams.get("error")).toBe("MissingCSRF");
    expect(setCookiesOf(response).some((c) => c.name === "authjs.session-token")).toBe(false);
  });
});
