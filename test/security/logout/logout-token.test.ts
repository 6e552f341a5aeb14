/**
 * The back-channel logout receiver refuses every logout token it must not act on, with 400 and an OAuth-style
 * JSON error, and ends no session. Tokens are signed here with jose; the provider publishes its JWKS through
 * `[customFetch]`, and sessions are recorded straight into the memory adapter's session records.
 */
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type JWTPayload } from "jose";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { customFetch } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { BACKCHANNEL_LOGOUT_EVENT } from "../../../src/logout/logout-token.js";
import { databaseSessionId } from "../../../src/session/records/record.js";
import { quietLogger } from "../../helpers/auth-client.js";

const origin = "http://localhost:3000";
const clientSecret = "client-secret-0123456789abcdefghijklmnop";
const idps = {
  idp: { issuer: "https://idp.example", clientId: "client-1" },
  other: { issuer: "https://other.example", clientId: "client-2" },
} as const;
type IdpId = keyof typeof idps;

let keys: Record<IdpId, { privateKey: CryptoKey; jwk: Record<string, unknown> }>;
let adapter: ReturnType<typeof MemoryAdapter>;
let auth: ReturnType<typeof createAuth>;
let strategy: "jwt" | "database" = "jwt";

function provider(id: IdpId): OAuthProviderConfig {
  const { issuer, clientId } = idps[id];
  return {
    id,
    name: id,
    type: "oidc",
    issuer,
    clientId,
    clientSecret,
    authorization: `${issuer}/authorize`,
    token: `${issuer}/token`,
    jwks_endpoint: `${issuer}/jwks`,
    [customFetch]: async (input: RequestInfo | URL) =>
      String(input) === `${issuer}/jwks` ? Response.json({ keys: [keys[id].jwk] }) : new Response("not found", { status: 404 }),
  };
}

function makeAuth(rateLimit: false | { enabled: true; limits: { backchannelLogout: { perIp: number } } } = false) {
  return createAuth({ secret: "logout-token-secret-0123456789abcdefghij", trustHost: true, adapter, session: { strategy }, providers: [provider("idp"), provider("other")], logger: quietLogger, rateLimit }, { env: {} });
}

beforeAll(async () => {
  const key = async (kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
  };
  keys = { idp: await key("idp-key"), other: await key("other-key") };
});

let sessionId: string;
let userId: string;
const sessionToken = "session-token-of-alice-0123456789";

/**
 * A session signed in through "idp" with the IdP's sid "idp-sid-1": under the database strategy a session
 * row too. Returns its public id.
 */
async function recordSession(token = sessionToken): Promise<string> {
  const now = Date.now();
  const expires = now + 3_600_000;
  const id = strategy === "jwt" ? (await databaseSessionId(token)).replace(/^./, "J") : await databaseSessionId(token);
  if (strategy === "database") await adapter.createSession!({ sessionToken: token, userId, expires: new Date(expires) });
  await adapter.sessionRecords.save({ id, userId, createdAt: now, lastActiveAt: now, expires, provider: "idp", providerSid: "idp-sid-1", providerSub: "alice" });
  return id;
}

async function sessionEnded(id: string, token = sessionToken): Promise<boolean> {
  if (strategy === "database") return (await adapter.getSessionAndUser!(token)) === null;
  return (await adapter.sessionRecords.revokedSince(0)).some((revocation) => revocation.kind === "session" && revocation.key === id);
}

beforeEach(async () => {
  adapter = MemoryAdapter();
  userId = (await adapter.createUser!({ id: "", email: "alice@example.com", emailVerified: null })).id;
  auth = makeAuth();
  sessionId = await recordSession();
});

function claims(id: IdpId = "idp"): JWTPayload {
  return {
    iss: idps[id].issuer,
    aud: idps[id].clientId,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
    sid: "idp-sid-1",
    sub: "alice",
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  };
}

function sign(payload: JWTPayload, options: { key?: CryptoKey | Uint8Array; alg?: string; kid?: string; typ?: string } = {}): Promise<string> {
  const alg = options.alg ?? "RS256";
  return new SignJWT(payload).setProtectedHeader({ alg, kid: options.kid ?? "idp-key", typ: options.typ ?? "logout+jwt" }).sign(options.key ?? keys.idp.privateKey);
}

function post(body: string, providerId = "idp", contentType = "application/x-www-form-urlencoded"): Promise<Response> {
  return auth.fetch(new Request(`${origin}/auth/backchannel-logout/${providerId}`, { method: "POST", headers: { "content-type": contentType }, body }));
}

const form = (token: string) => new URLSearchParams({ logout_token: token }).toString();

/** The session is still there, and nothing was revoked. */
async function expectNoRevocation() {
  expect(await adapter.sessionRecords.find(sessionId)).not.toBeNull();
  expect(await sessionEnded(sessionId)).toBe(false);
  expect(await adapter.sessionRecords.revokedSince(0)).toEqual([]);
}

async function expectRefused(response: Response, reason: RegExp) {
  expect(response.status).toBe(400);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe("invalid_request");
  expect(body.error_description).toMatch(reason);
  await expectNoRevocation();
}

for (const sessions of ["jwt", "database"] as const) describe(`POST /backchannel-logout/:id, ${sessions} strategy`, () => {
  beforeAll(() => {
    strategy = sessions;
  });

  it("a valid logout token ends the session with that sid: 200, no-store", async () => {
    const response = await post(form(await sign(claims())));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await adapter.sessionRecords.find(sessionId)).toBeNull();
    expect(await sessionEnded(sessionId)).toBe(true);
  });

  it("with sub and no sid, ends every session of that subject from the provider", async () => {
    const { sid: _sid, ...bySub } = claims();
    expect((await post(form(await sign(bySub)))).status).toBe(200);
    expect(await sessionEnded(sessionId)).toBe(true);
  });

  it("refuses a token signed with a key the provider does not publish", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    await expectRefused(await post(form(await sign(claims(), { key: privateKey }))), /signature verification failed/);
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const unsigned = new UnsecuredJWT(claims()).encode();
    await expectRefused(await post(form(unsigned)), /alg/);
  });

  it("refuses a token signed HS256 with the client secret", async () => {
    const hs256 = await sign(claims(), { alg: "HS256", key: new TextEncoder().encode(clientSecret) });
    await expectRefused(await post(form(hs256)), /alg/);
  });

  it("refuses a token from another issuer", async () => {
    await expectRefused(await post(form(await sign({ ...claims(), iss: "https://evil.example" }))), /"iss"/);
  });

  it("refuses a token for another audience", async () => {
    await expectRefused(await post(form(await sign({ ...claims(), aud: "someone-else" }))), /"aud"/);
  });

  it("refuses a token without the back-channel logout event", async () => {
    const { events: _events, ...noEvents } = claims();
    await expectRefused(await post(form(await sign(noEvents))), /events/);
    await expectRefused(await post(form(await sign({ ...claims(), events: { [BACKCHANNEL_LOGOUT_EVENT]: "yes" } }))), /events/);
  });

  it("refuses a token with a nonce (an ID token is not a logout token)", async () => {
    await expectRefused(await post(form(await sign({ ...claims(), nonce: "n-1" }))), /nonce/);
  });

  it("refuses a token with neither sid nor sub, without jti, or issued too long ago", async () => {
    const { sid: _sid, sub: _sub, ...anonymous } = claims();
    await expectRefused(await post(form(await sign(anonymous))), /neither a "sid" nor a "sub"/);
    const { jti: _jti, ...noJti } = claims();
    await expectRefused(await post(form(await sign(noJti))), /jti/);
    await expectRefused(await post(form(await sign({ ...claims(), iat: Math.floor(Date.now() / 1000) - 600 }))), /iat/);
    await expectRefused(await post(form(await sign({ ...claims(), iat: Math.floor(Date.now() / 1000) + 600 }))), /iat/);
  });

  it("refuses another kind of JWT by its typ", async () => {
    await expectRefused(await post(form(await sign(claims(), { typ: "at+jwt" }))), /typ/);
  });

  it("refuses a replayed jti, even after the user signed in again within the same provider session", async () => {
    const token = await sign(claims());
    expect((await post(form(token))).status).toBe(200);
    const againToken = "session-token-of-alice-signed-in-again";
    const again = await recordSession(againToken);
    const replayed = await post(form(token));
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get("cache-control")).toBe("no-store");
    expect(((await replayed.json()) as { error_description: string }).error_description).toMatch(/already used/);
    expect(await adapter.sessionRecords.find(again)).not.toBeNull();
    expect(await sessionEnded(again, againToken)).toBe(false);
  });

  it("refuses a token of one provider sent to another provider's route", async () => {
    await expectRefused(await post(form(await sign(claims("idp"))), "other"), /signature|"iss"|"aud"|no matching key|JWKS/);
  });

  it("a valid token of one provider never ends a session signed in through another provider with the same sid", async () => {
    const now = Date.now();
    const othersToken = "session-token-signed-in-through-other";
    const othersId = strategy === "jwt" ? (await databaseSessionId(othersToken)).replace(/^./, "J") : await databaseSessionId(othersToken);
    if (strategy === "database") await adapter.createSession!({ sessionToken: othersToken, userId, expires: new Date(now + 3_600_000) });
    await adapter.sessionRecords.save({ id: othersId, userId, createdAt: now, lastActiveAt: now, expires: now + 3_600_000, provider: "other", providerSid: "idp-sid-1", providerSub: "alice" });
    expect((await post(form(await sign(claims())))).status).toBe(200);
    expect(await sessionEnded(sessionId)).toBe(true);
    expect(await adapter.sessionRecords.find(othersId)).not.toBeNull();
    expect(await sessionEnded(othersId, othersToken)).toBe(false);
  });

  it("with sid and sub, also ends the subject's sessions recorded without a sid, but not those of another provider session", async () => {
    const now = Date.now();
    const record = async (token: string, providerSid?: string) => {
      const id = strategy === "jwt" ? (await databaseSessionId(token)).replace(/^./, "J") : await databaseSessionId(token);
      if (strategy === "database") await adapter.createSession!({ sessionToken: token, userId, expires: new Date(now + 3_600_000) });
      await adapter.sessionRecords.save({ id, userId, createdAt: now, lastActiveAt: now, expires: now + 3_600_000, provider: "idp", providerSub: "alice", ...(providerSid ? { providerSid } : {}) });
      return id;
    };
    const withoutSid = await record("session-token-id-token-had-no-sid");
    const otherIdpSession = await record("session-token-of-another-idp-session", "idp-sid-2");
    expect((await post(form(await sign({ ...claims(), sid: "idp-sid-9" })))).status).toBe(200);
    expect(await sessionEnded(withoutSid, "session-token-id-token-had-no-sid")).toBe(true);
    expect(await sessionEnded(otherIdpSession, "session-token-of-another-idp-session")).toBe(false);
    expect(await sessionEnded(sessionId)).toBe(false);
  });

  it("refuses a jti replayed at a second instance that shares the store", async () => {
    const token = await sign(claims());
    expect((await post(form(token))).status).toBe(200);
    const again = await recordSession("session-token-of-alice-on-instance-b");
    auth = makeAuth();
    const replayed = await post(form(token));
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { error_description: string }).error_description).toMatch(/already used/);
    expect(await sessionEnded(again, "session-token-of-alice-on-instance-b")).toBe(false);
  });

  it("refuses an oversized body, a JSON body, a body without logout_token, and an unknown provider", async () => {
    await expectRefused(await post(form("x".repeat(70 * 1024))), /larger than/);
    await expectRefused(await post(JSON.stringify({ logout_token: await sign(claims()) }), "idp", "application/json"), /x-www-form-urlencoded/);
    await expectRefused(await post("other=1"), /no logout_token/);
    await expectRefused(await post(form(await sign(claims())), "nope"), /no provider/);
  });

  it("does not take GET", async () => {
    const response = await auth.fetch(new Request(`${origin}/auth/backchannel-logout/idp?logout_token=${await sign(claims())}`));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("cache-control")).toBe("no-store");
    await expectNoRevocation();
  });

  it("is rate-limited per client address, with no-store", async () => {
    auth = makeAuth({ enabled: true, limits: { backchannelLogout: { perIp: 2 } } });
    const address = { "x-forwarded-for": "203.0.113.7" };
    const send = async () => auth.fetch(new Request(`${origin}/auth/backchannel-logout/idp`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...address }, body: "logout_token=x" }));
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(400);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("POST /backchannel-logout/:id without session records", () => {
  it("answers 400: with no adapter, the jwt strategy has no record of which sessions the provider's sid names", async () => {
    const noStore = createAuth({ secret: "logout-token-secret-0123456789abcdefghij", trustHost: true, providers: [provider("idp")], logger: quietLogger }, { env: {} });
    const response = await noStore.fetch(new Request(`${origin}/auth/backchannel-logout/idp`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form(await sign(claims())) }));
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(/does not record sessions/);
  });
});
