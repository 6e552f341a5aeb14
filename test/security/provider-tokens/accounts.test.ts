/**
 * Provider access tokens belong to one user's account at one provider. What the caller controls is the session
 * cookie and the provider id it asks for; the IdP controls the refresh answer. Neither may hand one user another's
 * token, nor let one user's refused refresh mark another user's sessions.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { customFetch } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { credentialsProvider, quietLogger } from "../../helpers/auth-client.js";

const issuer = "https://idp.example";
const cookieName = "authjs.session-token";
let refreshes: string[];

/** An OAuth provider whose token endpoint refuses the refresh token "dead-refresh" and renews any other. */
const idp: OAuthProviderConfig = {
  id: "idp",
  name: "IdP",
  type: "oauth",
  clientId: "client-1",
  clientSecret: "client-secret-0123456789",
  authorization: `${issuer}/authorize`,
  token: `${issuer}/token`,
  userinfo: `${issuer}/userinfo`,
  [customFetch]: async (_input: RequestInfo | URL, init?: RequestInit) => {
    const refreshToken = new URLSearchParams(String(init?.body)).get("refresh_token") ?? "";
    refreshes.push(refreshToken);
    if (refreshToken === "dead-refresh") return Response.json({ error: "invalid_grant" }, { status: 400 });
    if (refreshToken === "no-expiry") return Response.json({ access_token: "renewed-without-expiry", token_type: "bearer" });
    return Response.json({ access_token: `renewed-for-${refreshToken}`, token_type: "bearer", expires_in: 3600 });
  },
};

let adapter: ReturnType<typeof MemoryAdapter>;
let auth: ReturnType<typeof createAuth>;

/** A user with an account at the IdP holding `tokens`, and a database session for them; returns its cookie. */
async function userWithAccount(email: string, tokens: { access_token: string; refresh_token: string; expires_at: number }) {
  const user = await adapter.createUser!({ id: "", email, emailVerified: null });
  await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "idp", providerAccountId: `sub-${email}`, token_type: "bearer", ...tokens });
  const sessionToken = `session-of-${email}`;
  await adapter.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) });
  return `${cookieName}=${sessionToken}`;
}

const request = (cookie?: string) => new Request("http://localhost:3000/api/data", { headers: cookie ? { cookie } : {} });
const later = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => {
  refreshes = [];
  adapter = MemoryAdapter();
  auth = createAuth(
    { secret: "provider-token-attacks-0123456789abcdef", adapter, session: { strategy: "database" }, providers: [idp, credentialsProvider()], logger: quietLogger },
    { env: {} },
  );
});

describe("provider access tokens, between users", () => {
  it("each session gets its own user's token; a provider without an account, a non-OAuth or unknown provider gives null", async () => {
    const alice = await userWithAccount("alice@example.com", { access_token: "alice-access", refresh_token: "alice-refresh", expires_at: later() });
    const bob = await userWithAccount("bob@example.com", { access_token: "bob-access", refresh_token: "bob-refresh", expires_at: later() });
    expect((await auth.getAccessToken(request(alice), "idp"))?.accessToken).toBe("alice-access");
    expect((await auth.getAccessToken(request(bob), "idp"))?.accessToken).toBe("bob-access");
    for (const provider of ["credentials", "nope", "__proto__", "constructor"]) expect(await auth.getAccessToken(request(alice), provider)).toBeNull();
    expect(await auth.getAccessToken(request(), "idp")).toBeNull();
    expect(await auth.getAccessToken(request(`${cookieName}=forged-session`), "idp")).toBeNull();
    const carol = await userWithAccount("carol@example.com", { access_token: "x", refresh_token: "y", expires_at: later() });
    await adapter.unlinkAccount!({ provider: "idp", providerAccountId: "sub-carol@example.com" });
    expect(await auth.getAccessToken(request(carol), "idp")).toBeNull();
    expect(refreshes).toEqual([]);
  });

  it("alice's refused refresh marks alice's sessions only: bob's session has no error and his refresh still works", async () => {
    const expired = Math.floor(Date.now() / 1000) - 10;
    const alice = await userWithAccount("alice@example.com", { access_token: "alice-access", refresh_token: "dead-refresh", expires_at: expired });
    const bob = await userWithAccount("bob@example.com", { access_token: "bob-access", refresh_token: "bob-refresh", expires_at: expired });
    expect(await auth.getAccessToken(request(alice), "idp")).toBeNull();
    expect((await auth.session(request(alice))).session).toMatchObject({ error: "RefreshTokenError" });
    expect((await auth.session(request(bob))).session).not.toHaveProperty("error");
    expect((await auth.getAccessToken(request(bob), "idp"))?.accessToken).toBe("renewed-for-bob-refresh");
    expect(refreshes).toEqual(["dead-refresh", "bob-refresh"]);
  });

  it("a refresh answer without expires_in does not inherit the spent token's expiry: the new token is not refreshed at every call", async () => {
    const alice = await userWithAccount("alice@example.com", { access_token: "alice-access", refresh_token: "no-expiry", expires_at: Math.floor(Date.now() / 1000) - 10 });
    for (let call = 0; call < 5; call++) expect((await auth.getAccessToken(request(alice), "idp"))?.accessToken).toBe("renewed-without-expiry");
    expect(refreshes).toEqual(["no-expiry"]);
    // nor at another instance, which shares no in-flight memo with this one
    const other = createAuth({ secret: "provider-token-attacks-0123456789abcdef", adapter, session: { strategy: "database" }, providers: [idp], logger: quietLogger }, { env: {} });
    for (let call = 0; call < 3; call++) expect((await other.getAccessToken(request(alice), "idp"))?.accessToken).toBe("renewed-without-expiry");
    expect(refreshes).toEqual(["no-expiry"]);
  });
});
