import { describe, expect, it } from "vitest";
import { setCookiesOf } from "../../helpers/cookie-jar.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import Passkey from "../../../src/providers/passkey.js";
import { callbackUrl, origin, passkeyAuth, passkeyClient, registerNewUser, sqliteStorePerTest, verificationErrorUrl } from "./fixtures.js";
import { createSoftAuthenticator } from "./soft-authenticator.js";

const store = sqliteStorePerTest();

function client(config: Parameters<typeof passkeyAuth>[1] = {}) {
  return passkeyClient(passkeyAuth(store.adapter, config).fetch);
}

describe("GET /webauthn-options/:id: which ceremony", () => {
  it("authenticates when no email is given, with no credential list (discoverable credentials)", async () => {
    const body = await client().optionsJson();
    expect(body.action).toBe("authenticate");
    expect(body.options).toMatchObject({ rpId: "localhost", userVerification: "required", timeout: 300_000 });
    expect(body.options).not.toHaveProperty("allowCredentials");
    expect(body.options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("registers a new user's email, asking for a resident key and user verification (passkey)", async () => {
    const body = await client().optionsJson({ email: "  New@Example.com " });
    expect(body.action).toBe("register");
    if (body.action !== "register") return;
    expect(body.options.rp).toEqual({ id: "localhost", name: "localhost" });
    expect(body.options.user).toMatchObject({ name: "new@example.com", displayName: "new@example.com" });
    expect(body.options.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true, userVerification: "required" });
    expect(body.options.excludeCredentials).toEqual([]);
  });

  it("authenticates the owner of a known email, listing that user's credentials", async () => {
    const first = client();
    const { credential } = await registerNewUser(first, "known@example.com");
    const body = await client().optionsJson({ email: "known@example.com" });
    expect(body.action).toBe("authenticate");
    if (body.action !== "authenticate") return;
    expect(body.options.allowCredentials).toEqual([{ id: credential.id, type: "public-key", transports: ["internal"] }]);
  });

  it("authenticates a new email when action=authenticate is asked for", async () => {
    expect((await client().optionsJson({ action: "authenticate", email: "nobody@example.com" })).action).toBe("authenticate");
  });

  it("refuses action=register without an email, or for an existing user who is not signed in", async () => {
    const first = client();
    await registerNewUser(first, "taken@example.com");
    const queries: Record<string, string>[] = [{ action: "register" }, { action: "register", email: "taken@example.com" }];
    for (const query of queries) {
      const response = await client().options(query);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
      expect(setCookiesOf(response).map((c) => c.name)).not.toContain("authjs.challenge");
    }
  });

  it("registers a second passkey for the signed-in user, excluding the credentials they already have", async () => {
    const signedIn = client();
    const { credential } = await registerNewUser(signedIn, "owner@example.com");
    const body = await signedIn.optionsJson({ action: "register", email: "someone-else@example.com" });
    expect(body.action).toBe("register");
    if (body.action !== "register") return;
    expect(body.options.user.name).toBe("owner@example.com");
    expect(body.options.excludeCredentials).toEqual([{ id: credential.id, type: "public-key", transports: ["internal"] }]);
  });

  it("authenticates a signed-in user who gives no action: the user exists", async () => {
    const signedIn = client();
    await registerNewUser(signedIn, "again@example.com");
    expect((await signedIn.optionsJson()).action).toBe("authenticate");
  });

  it("answers 400 to an unknown action or a malformed email", async () => {
    const queries: Record<string, string>[] = [{ action: "delete" }, { email: "not an email" }, { email: "a@b@example.com" }];
    for (const query of queries) {
      const response = await client().options(query);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
  });

  it("answers 400 for an unknown provider or one that is not WebAuthn", async () => {
    const credentials = { id: "password", name: "Password", type: "credentials" as const, credentials: {}, authorize: () => null };
    const c = client({ providers: [Passkey(), credentials] });
    for (const id of ["nope", "password"]) {
      const response = await c.options({}, id);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidProvider" });
    }
  });
});

describe("GET /webauthn-options/:id: the challenge cookie", () => {
  it("is set httpOnly, lax, on /, for 15 minutes, never cached", async () => {
    const response = await client().options();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    const cookie = setCookiesOf(response).find((c) => c.name === "authjs.challenge");
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": "900" });
    expect(cookie?.value).not.toContain((await response.clone().json()).options.challenge);
  });

  it("is named __Secure-authjs.challenge and Secure over https", async () => {
    const auth = passkeyAuth(store.adapter);
    const response = await auth.fetch(new Request("https://app.example/auth/webauthn-options/passkey"));
    const cookie = setCookiesOf(response).find((c) => c.name.endsWith("authjs.challenge"));
    expect(cookie?.name).toBe("__Secure-authjs.challenge");
    expect(cookie?.attributes.secure).toBe(true);
    expect(((await response.json()) as { options: { rpId: string } }).options.rpId).toBe("app.example");
  });

  it("is bound to its provider: another WebAuthn provider's callback refuses it and signs nobody in", async () => {
    const c = client({ providers: [Passkey(), WebAuthn({ enableConditionalUI: false })] });
    const authenticator = createSoftAuthenticator(origin);
    const body = await c.optionsJson({ email: "bound@example.com" }, "passkey");
    if (body.action !== "register") throw new Error("expected register");
    const response = await c.post("register", authenticator.register(body.options), "webauthn");
    expect(response.headers.get("location")).toBe(verificationErrorUrl);
    expect(await c.session()).toBeNull();
    expect(await store.counts()).toEqual({ users: 0, accounts: 0, authenticators: 0, sessions: 0 });
  });
});

describe("relying party", () => {
  it("comes from relyingParty when configured, the first of each list in the options", async () => {
    const provider = Passkey({ relyingParty: { id: ["localhost", "other.example"], name: "Sekisho Demo", origin: origin } });
    const body = await client({ providers: [provider] }).optionsJson({ email: "rp@example.com" });
    if (body.action !== "register") throw new Error("expected register");
    expect(body.options.rp).toEqual({ id: "localhost", name: "Sekisho Demo" });
  });

  it("accepts the reference's spelling relayingParty", async () => {
    const provider = Passkey({ relayingParty: { id: "example.com", name: "Spelt" } });
    const body = await client({ providers: [provider] }).optionsJson({ email: "rp@example.com" });
    if (body.action !== "register") throw new Error("expected register");
    expect(body.options.rp).toEqual({ id: "example.com", name: "Spelt" });
  });

  it("verifies against every configured origin and RP ID", async () => {
    const provider = Passkey({ relyingParty: { id: ["example.com", "localhost"], origin: ["https://example.com", `${origin}/`] } });
    const c = client({ providers: [provider] });
    const body = await c.optionsJson({ email: "multi@example.com" });
    if (body.action !== "register") throw new Error("expected register");
    // The options name example.com; the authenticator answers for localhost from the second origin.
    const response = await c.post("register", createSoftAuthenticator(origin).register(body.options, { rpId: "localhost" }));
    expect(response.headers.get("location")).toBe(callbackUrl);
  });
});
