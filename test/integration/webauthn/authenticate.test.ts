import { beforeEach, describe, expect, it } from "vitest";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import Passkey from "../../../src/providers/passkey.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";
import { authenticationOptions, base64, callbackUrl, origin, passkeyAuth, passkeyClient, recordingLogger, registerNewUser, registrationOptions, sqliteStorePerTest, verificationErrorUrl, type PasskeyClient } from "./fixtures.js";
import { createSoftAuthenticator, type Forgery, type SoftCredential } from "./soft-authenticator.js";

const store = sqliteStorePerTest();

/** A registered user, signed out again, with their authenticator. */
async function registeredUser(client: PasskeyClient, email = "lin@example.com") {
  const registered = await registerNewUser(client, email);
  await client.signOut();
  expect(await client.session()).toBeNull();
  return registered;
}

let logged: Error[];

/**
 * Posts, expects the refusal for `reason` (matched against the logged error), and checks that nothing
 * was written, the counter kept its value and nobody is signed in.
 */
async function expectRefused(client: PasskeyClient, reason: RegExp, post: () => Promise<Response>, credential?: SoftCredential, counter?: number) {
  const before = await store.counts();
  logged.length = 0;
  const response = await post();
  expect(logged.map((error) => error.message)).toEqual([expect.stringMatching(reason)]);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(verificationErrorUrl);
  expect(setCookiesOf(response).some((c) => c.name === "authjs.session-token" && c.value !== "")).toBe(false);
  expect(await client.session()).toBeNull();
  expect(await store.counts()).toEqual(before);
  if (credential) expect((await store.adapter.getAuthenticator(base64(credential.id)))?.counter).toBe(counter);
}

describe("authentication", () => {
  it("signs the same user in with a discoverable credential and stores the new counter", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { authenticator, credential } = await registeredUser(client);
    const options = await authenticationOptions(client);
    const response = await client.post("authenticate", authenticator.authenticate(options));
    expect(response.headers.get("location")).toBe(callbackUrl);
    expect(await client.session()).toMatchObject({ user: { email: "lin@example.com" } });
    expect((await store.adapter.getAuthenticator(base64(credential.id)))?.counter).toBe(1);
    expect((await store.counts()).users).toBe(1);
  });

  it("signs in by email, with the user's credentials listed, under the jwt strategy too", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter, { session: { strategy: "jwt" } }).fetch);
    const { authenticator } = await registeredUser(client, "mail@example.com");
    const options = await authenticationOptions(client, { email: "mail@example.com" });
    expect(options.allowCredentials).toHaveLength(1);
    const response = await client.post("authenticate", authenticator.authenticate(options));
    expect(response.headers.get("location")).toBe(callbackUrl);
    expect(await client.session()).toMatchObject({ user: { email: "mail@example.com" } });
  });

  it("accepts an authenticator whose counter stays at zero, each time with a fresh challenge", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { authenticator, credential } = await registeredUser(client);
    credential.counting = false;
    for (let round = 0; round < 2; round++) {
      const response = await client.post("authenticate", authenticator.authenticate(await authenticationOptions(client)));
      expect(response.headers.get("location")).toBe(callbackUrl);
      await client.signOut();
    }
    expect((await store.adapter.getAuthenticator(base64(credential.id)))?.counter).toBe(0);
  });

  it("answers X-Auth-Return-Redirect with JSON {url}", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { authenticator } = await registeredUser(client);
    const options = await authenticationOptions(client);
    const response = await client.send("/callback/passkey", {
      form: { action: "authenticate", data: JSON.stringify(authenticator.authenticate(options)), csrfToken: await client.csrfToken(), callbackUrl },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(await response.json()).toEqual({ url: callbackUrl });
  });
});

describe("refused assertions: WebAuthnVerificationError, no session, nothing written", () => {
  let client: PasskeyClient;
  let authenticator: ReturnType<typeof createSoftAuthenticator>;
  let credential: SoftCredential;
  let logger: ReturnType<typeof recordingLogger>["logger"];

  beforeEach(async () => {
    ({ errors: logged, logger } = recordingLogger());
    client = passkeyClient(passkeyAuth(store.adapter, { logger }).fetch);
    ({ authenticator, credential } = await registeredUser(client));
  });

  const forged = async (forgery: Forgery) =>
    client.post("authenticate", authenticator.authenticate(await authenticationOptions(client), credential, forgery));

  it("a response to another challenge", async () => {
    const other = (await authenticationOptions(passkeyClient(passkeyAuth(store.adapter).fetch))).challenge;
    await expectRefused(client, /unexpected authentication response challenge/i, () => forged({ challenge: other }), credential, 0);
  });

  it("a response from another origin", async () => {
    await expectRefused(client, /unexpected authentication response origin/i, () => forged({ origin: "http://localhost:4000" }), credential, 0);
  });

  it("a response scoped to another RP ID", async () => {
    await expectRefused(client, /RP ID/i, () => forged({ rpId: "example.com" }), credential, 0);
  });

  it("a response without user verification, which a passkey requires", async () => {
    await expectRefused(client, /user verification required/i, () => forged({ withoutUserVerification: true }), credential, 0);
  });

  it("a credential nobody registered", async () => {
    const stranger = createSoftAuthenticator(origin);
    stranger.register(await registrationOptionsFor(passkeyClient(passkeyAuth(store.adapter).fetch)));
    const options = await authenticationOptions(client);
    await expectRefused(client, /no authenticator is registered/i, () => client.post("authenticate", stranger.authenticate(options)));
  });

  it("a replay of a used assertion, with or without its challenge cookie, even at counter zero", async () => {
    credential.counting = false;
    const options = await authenticationOptions(client);
    const cookies = client.jar.header();
    const assertion = authenticator.authenticate(options);
    expect((await client.post("authenticate", assertion)).headers.get("location")).toBe(callbackUrl);
    await client.signOut();
    // The browser no longer has the cookie; an attacker who captured it still has it.
    await expectRefused(client, /no WebAuthn challenge cookie/, () => client.post("authenticate", assertion));
    const csrfToken = await client.csrfToken();
    await expectRefused(client, /already answered/, () =>
      client.send("/callback/passkey", {
        form: { action: "authenticate", data: JSON.stringify(assertion), csrfToken, callbackUrl },
        headers: { cookie: `${cookies}; ${client.jar.header()}` },
      }),
    );
  });

  it("a counter that goes backwards (a cloned authenticator)", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await client.post("authenticate", authenticator.authenticate(await authenticationOptions(client)))).headers.get("location")).toBe(callbackUrl);
      await client.signOut();
    }
    expect((await store.adapter.getAuthenticator(base64(credential.id)))?.counter).toBe(3);
    await expectRefused(client, /counter value 2 was lower than expected 3/, () => forged({ counter: 2 }), credential, 3);
    await expectRefused(client, /counter value 3 was lower than expected 3/, () => forged({ counter: 3 }), credential, 3);
  });

  it("no challenge cookie at all", async () => {
    const options = await authenticationOptions(client);
    client.jar.delete("authjs.challenge");
    await expectRefused(client, /no WebAuthn challenge cookie/, () => client.post("authenticate", authenticator.authenticate(options)), credential, 0);
  });

  it("a challenge issued to register, answered as an authentication", async () => {
    await registrationOptionsFor(client);
    const forgedOptions = { challenge: "AAAA", rpId: "localhost" } as PublicKeyCredentialRequestOptionsJSON;
    await expectRefused(client, /issued to register, not to authenticate/, () => client.post("authenticate", authenticator.authenticate(forgedOptions, credential)), credential, 0);
  });

  it("another user's credential ID, signed with the signed-in user's own key", async () => {
    const other = passkeyClient(passkeyAuth(store.adapter, { logger }).fetch);
    const { authenticator: otherAuthenticator, credential: otherCredential } = await registerNewUser(other, "other@example.com");
    const before = await store.counts();
    const options = await authenticationOptions(other);
    logged.length = 0;
    const response = await other.post("authenticate", otherAuthenticator.authenticate(options, otherCredential, { id: credential.id }));
    expect(response.headers.get("location")).toBe(verificationErrorUrl);
    expect(logged.map((error) => error.message)).toEqual([expect.stringMatching(/authentication response.s signature does not verify/)]);
    expect(await other.session()).toMatchObject({ user: { email: "other@example.com" } });
    expect(await store.counts()).toEqual(before);
    expect((await store.adapter.getAuthenticator(base64(credential.id)))?.counter).toBe(0);
  });

  it("a credential registered with another WebAuthn provider", async () => {
    const both = passkeyClient(passkeyAuth(store.adapter, { providers: [WebAuthn({ enableConditionalUI: false }), Passkey()], logger }).fetch);
    const body = await both.optionsJson({}, "webauthn");
    if (body.action !== "authenticate") throw new Error("expected authenticate");
    await expectRefused(both, /belongs to no account of provider "webauthn"/, () => both.post("authenticate", authenticator.authenticate(body.options, credential), "webauthn"), credential, 0);
  });
});

describe("malformed callbacks", () => {
  it("answer 400: unknown action, data that is not JSON or not a WebAuthn response, a GET", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const bad: Array<[string, unknown]> = [["sign", {}], ["authenticate", "{not json"], ["authenticate", { id: "has spaces", response: {} }], ["register", []]];
    for (const [action, data] of bad) {
      const response = await client.post(action, data);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
    expect((await client.send("/callback/passkey")).status).toBe(400);
    expect(await store.counts()).toEqual({ users: 0, accounts: 0, authenticators: 0, sessions: 0 });
  });

  it("a POST without the CSRF token is refused before any WebAuthn work", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const response = await client.send("/callback/passkey", { form: { action: "authenticate", data: "{}" } });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
  });
});

function registrationOptionsFor(client: PasskeyClient) {
  return registrationOptions(client, { email: `someone-${crypto.randomUUID()}@example.com` });
}
