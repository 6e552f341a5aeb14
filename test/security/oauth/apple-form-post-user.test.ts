/**
 * Apple's `user` form field, against a real OpenID provider answering with form_post: its name is used
 * (Apple's ID token has none), but never an address or identifier from it, which only the signed ID token
 * may give. Whatever `user` says, it cannot change who signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../../src/index.js";
import Apple from "../../../src/providers/apple.js";
import { createClient, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { startSignIn } from "../../integration/oauth/oidc-flow.js";

const secret = "apple-user-suite-secret-0123456789abcdefghij";
let idp: Idp;
let transport: Transport;

beforeAll(async () => {
  idp = await startIdp([{ sub: "apple-001", email: "relay-001@privaterelay.example", name: "" }]);
  const apple = Apple({
    issuer: idp.issuer,
    clientId: idpClients.post.client_id,
    clientSecret: idpClients.post.client_secret,
    // The test IdP issues ID tokens only for `openid`; Apple itself takes "name email".
    authorization: { params: { scope: "openid email" } },
  });
  transport = await overHttp(createAuth({ secret, trustHost: true, logger: { error: () => {} }, providers: [apple] }, { env: {} }).fetch);
  await idp.setRedirectUris([`${transport.origin}/auth/callback/apple`]);
});

afterAll(async () => {
  await transport?.close();
  await idp?.close();
});

/** Signs in at the IdP and posts the form back with `user` added; returns where the app's 303 sends the browser. */
async function postWithUser(client: Client, user: unknown): Promise<URL> {
  const returned = await loginAtIdp(await startSignIn(client, "apple"), "apple-001");
  expect(returned.method).toBe("POST");
  returned.body!.set("user", typeof user === "string" ? user : JSON.stringify(user));
  const posted = await client.send(returned.url, { body: returned.body, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(posted.status).toBe(303);
  return new URL(posted.headers.get("location")!);
}

const sessionUser = async (client: Client) => ((await client.session()) as { user: { name?: string | null; email?: string | null } }).user;

describe("Apple's form_post user field", () => {
  it("gives the name, while the address comes from the ID token", async () => {
    const client = createClient(transport);
    const user = { name: { firstName: "Mallory", lastName: "Apple" }, email: "victim@example.com", sub: "victim", id: "victim" };
    const redirected = await postWithUser(client, user);
    const final = await client.send(redirected.href);
    expect(final.headers.get("location")).toBe(`${transport.origin}/welcome`);
    expect(await sessionUser(client)).toMatchObject({ name: "Mallory Apple", email: "relay-001@privaterelay.example" });
    // Only the name travels on in the redirect: the address Apple posts stays out of URLs and logs.
    expect(JSON.parse(redirected.searchParams.get("user")!)).toEqual({ name: { firstName: "Mallory", lastName: "Apple" } });
  });

  it("keeps nothing from a user field without a name, or one that is not JSON", async () => {
    for (const user of [{ email: "victim@example.com" }, "not json", { name: { firstName: 42, lastName: ["x"] } }]) {
      const client = createClient(transport);
      const redirected = await postWithUser(client, user);
      expect(redirected.searchParams.has("user")).toBe(false);
      await client.send(redirected.href);
      expect(await sessionUser(client)).toMatchObject({ email: "relay-001@privaterelay.example" });
    }
  });

  it("lets a user appended to the GET leg give no more than a name", async () => {
    const client = createClient(transport);
    const redirected = await postWithUser(client, { name: { firstName: "Tim" } });
    redirected.searchParams.set("user", JSON.stringify({ name: { firstName: "Eve" }, email: "victim@example.com", sub: "victim", id: "victim" }));
    expect((await client.send(redirected.href)).headers.get("location")).toBe(`${transport.origin}/welcome`);
    expect(await sessionUser(client)).toEqual({ name: "Eve", email: "relay-001@privaterelay.example", image: null });
  });
});
