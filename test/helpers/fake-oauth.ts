/**
 * A small OAuth 2.0 server in the shape of GitHub's (`/login/oauth/authorize`, `/login/oauth/access_token`,
 * `/user`, `/user/emails`, also under `/api/v3` as on GitHub Enterprise), served by Hono on 127.0.0.1.
 * Setting `idToken` turns it into a minimal OpenID provider: discovery, JWKS, and an `id_token` in the
 * token response that each test mints as it likes. `faults` make an endpoint misbehave.
 */
import { Hono, type Context } from "hono";
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from "jose";
import { type AuthConfig } from "../../src/index.js";
import { type OAuthProviderConfig } from "../../src/providers/index.js";
import { createAuth } from "./plain-providers.js";
import { overHttp, type Client, type Transport } from "./auth-client.js";
import { startServer } from "./server.js";

export interface FakeEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

export interface FakeUser {
  id: number;
  login: string;
  name: string | null;
  /** What `/user` shows: null when the user keeps the address private. */
  email: string | null;
  avatar_url: string;
  emails: FakeEmail[];
}

/** What an authorization request granted, kept until its code is redeemed. */
export interface Grant {
  clientId: string;
  redirectUri: string;
  user: FakeUser;
  scope?: string;
  codeChallenge?: string;
  nonce?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  /** The form fields of a POST. */
  form?: Record<string, string>;
}

export type Fault = "hang" | "500" | "malformed" | "html" | "401";

export interface FakeOAuth {
  origin: string;
  clientId: string;
  clientSecret: string;
  users: FakeUser[];
  /** redirect_uri values the client may use. */
  redirectUris: Set<string>;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  faults: { token?: Fault; user?: Fault };
  /** Token response fields. */
  tokenType: string;
  expiresIn?: number;
  /** Access tokens handed out, newest last. */
  accessTokens: string[];
  /** When set, the server is an OpenID provider and the token response carries what this returns. */
  idToken?: (grant: Grant) => string | Promise<string>;
  /** The key the JWKS publishes. */
  key: { privateKey: CryptoKey; kid: string };
  /** A valid ID token for `grant`, with `claims` laid over it; signed with the published key unless `with` says otherwise. */
  signIdToken(grant: Grant, claims?: JWTPayload, using?: { key: CryptoKey | Uint8Array; kid?: string; alg?: string }): Promise<string>;
  /** Plays the browser at the authorization endpoint as `login`; returns where it sends the browser back to. */
  authorize(authorizationUrl: string, login?: string): Promise<string>;
  /** How many requests went to `path`. */
  count(path: string): number;
  close(): Promise<void>;
}

export function fakeUser(id: number, login: string, email: string, overrides: Partial<FakeUser> = {}): FakeUser {
  return {
    id,
    login,
    name: login[0].toUpperCase() + login.slice(1),
    email: null,
    avatar_url: `https://avatars.example/u/${id}`,
    emails: [
      { email: `${login}@old.example`, primary: false, verified: true, visibility: null },
      { email, primary: true, verified: true, visibility: "private" },
    ],
    ...overrides,
  };
}

const randomToken = (prefix: string) => `${prefix}${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}`;

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url");
}

/** client_secret_basic (form-encoded parts, RFC 6749 §2.3.1) or client_secret_post. */
function clientCredentials(c: Context, form: Record<string, string>): { id?: string; secret?: string } {
  const header = c.req.header("authorization");
  if (header?.startsWith("Basic ")) {
    const [id, secret] = atob(header.slice(6)).split(":").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    return { id, secret };
  }
  return { id: form.client_id, secret: form.client_secret };
}

export async function startFakeOAuth(options: { users?: FakeUser[]; clientId?: string; clientSecret?: string } = {}): Promise<FakeOAuth> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeUser>();
  const hanging: (() => void)[] = [];
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `fake-${crypto.randomUUID()}`;
  const app = new Hono();

  const fake: FakeOAuth = {
    origin: "",
    clientId: options.clientId ?? "fake-client-id",
    clientSecret: options.clientSecret ?? "fake-client-secret-0123456789abcdef",
    users: options.users ?? [fakeUser(4242, "octocat", "octocat@private.example")],
    redirectUris: new Set(),
    requests: [],
    faults: {},
    tokenType: "Bearer",
    expiresIn: 28800,
    accessTokens: [],
    key: { privateKey, kid },
    async signIdToken(grant, claims = {}, using) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        sub: String(grant.user.id),
        email: grant.user.emails.find((e) => e.primary)?.email,
        name: grant.user.name,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...claims,
      };
      const jwt = new SignJWT(payload).setProtectedHeader({ alg: using?.alg ?? "RS256", kid: using ? using.kid : kid, typ: "JWT" });
      if (!("iss" in claims)) jwt.setIssuer(fake.origin);
      if (!("aud" in claims)) jwt.setAudience(grant.clientId);
      if (!("iat" in claims)) jwt.setIssuedAt(now);
      if (!("exp" in claims)) jwt.setExpirationTime(now + 600);
      return jwt.sign(using?.key ?? privateKey);
    },
    async authorize(authorizationUrl, login) {
      // The browser in these tests is pointed at this server whatever host the app named (github.com included).
      const named = new URL(authorizationUrl);
      const url = new URL(named.pathname + named.search, fake.origin);
      if (login) url.searchParams.set("login", login);
      const response = await fetch(url, { redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
      return location;
    },
    count: (path) => fake.requests.filter((r) => r.path === path).length,
    close: async () => {},
  };

  app.use("*", async (c, next) => {
    const recorded: RecordedRequest = { method: c.req.method, path: new URL(c.req.url).pathname, headers: new Headers(c.req.raw.headers) };
    if (c.req.method === "POST" && c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded")) {
      recorded.form = Object.fromEntries(new URLSearchParams(await c.req.raw.clone().text()));
    }
    fake.requests.push(recorded);
    await next();
  });

  async function misbehave(c: Context, fault: Fault | undefined): Promise<Response | undefined> {
    switch (fault) {
      case "hang":
        await new Promise<void>((resolve) => hanging.push(resolve));
        return c.text("too late", 504);
      case "500":
        return c.text("Internal Server Error", 500);
      case "malformed":
        return c.body('{"access_token": "gho_cut_off', 200, { "content-type": "application/json" });
      case "html":
        return c.html("<!doctype html><title>Unicorn!</title><h1>This page is taking too long to load.</h1>", 200);
      case "401":
        return c.json({ message: "Bad credentials" }, 401);
      default:
        return undefined;
    }
  }

  app.get("/login/oauth/authorize", (c) => {
    const q = c.req.query();
    if (q.client_id !== fake.clientId) return c.text("unknown client_id", 404);
    if (!q.redirect_uri || !fake.redirectUris.has(q.redirect_uri)) return c.text("The redirect_uri is not registered for this application.", 400);
    if (q.code_challenge && q.code_challenge_method !== "S256") return c.text("only S256 code challenges are supported", 400);
    const user = fake.users.find((u) => u.login === q.login) ?? fake.users[0];
    const code = randomToken("");
    codes.set(code, { clientId: q.client_id, redirectUri: q.redirect_uri, user, scope: q.scope, codeChallenge: q.code_challenge, nonce: q.nonce });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    if (q.state !== undefined) back.searchParams.set("state", q.state);
    return c.redirect(back.href, 302);
  });

  app.post("/login/oauth/access_token", async (c) => {
    if (!c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded")) return c.json({ error: "unsupported_content_type" }, 415);
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const code = form.code ?? "";
    // Redeemed at most once, decided before any await so that parallel replays cannot all win.
    const grant = codes.get(code);
    codes.delete(code);
    const faulty = await misbehave(c, fake.faults.token);
    if (faulty) return faulty;
    const client = clientCredentials(c, form);
    // GitHub answers token errors with 200 and an `error` field.
    if (client.id !== fake.clientId || client.secret !== fake.clientSecret) return c.json({ error: "incorrect_client_credentials" });
    if (form.grant_type && form.grant_type !== "authorization_code") return c.json({ error: "unsupported_grant_type" });
    if (!grant || grant.clientId !== client.id) return c.json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
    if (form.redirect_uri !== grant.redirectUri) return c.json({ error: "redirect_uri_mismatch" });
    if (grant.codeChallenge && (!form.code_verifier || (await s256(form.code_verifier)) !== grant.codeChallenge)) {
      return c.json({ error: "invalid_grant", error_description: "The code_verifier does not match the challenge." });
    }
    const accessToken = randomToken("gho_");
    tokens.set(accessToken, grant.user);
    fake.accessTokens.push(accessToken);
    const answer: Record<string, string | number> = { access_token: accessToken, token_type: fake.tokenType, scope: grant.scope ?? "" };
    if (fake.expiresIn !== undefined) answer.expires_in = fake.expiresIn;
    if (fake.idToken) answer.id_token = await fake.idToken(grant);
    if (c.req.header("accept")?.includes("application/json")) return c.json(answer);
    return c.body(new URLSearchParams(Object.entries(answer).map(([k, v]) => [k, String(v)])).toString(), 200, {
      "content-type": "application/x-www-form-urlencoded; charset=utf-8",
    });
  });

  function apiUser(c: Context): FakeUser | Response {
    if (!c.req.header("user-agent")) return c.json({ message: "Request forbidden by administrative rules. Please make sure your request has a User-Agent header" }, 403);
    const match = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "");
    const user = match ? tokens.get(match[1]) : undefined;
    return user ?? c.json({ message: "Requires authentication" }, 401);
  }

  for (const prefix of ["", "/api/v3"]) {
    app.get(`${prefix}/user`, async (c) => {
      const faulty = await misbehave(c, fake.faults.user);
      if (faulty) return faulty;
      const user = apiUser(c);
      if (user instanceof Response) return user;
      const { emails: _emails, ...profile } = user;
      return c.json({ ...profile, node_id: `U_${user.id}`, type: "User", site_admin: false, html_url: `https://github.example/${user.login}` });
    });
    app.get(`${prefix}/user/emails`, (c) => {
      const user = apiUser(c);
      return user instanceof Response ? user : c.json(user.emails);
    });
  }

  app.get("/.well-known/openid-configuration", (c) => {
    if (!fake.idToken) return c.notFound();
    return c.json({
      issuer: fake.origin,
      authorization_endpoint: `${fake.origin}/login/oauth/authorize`,
      token_endpoint: `${fake.origin}/login/oauth/access_token`,
      userinfo_endpoint: `${fake.origin}/user`,
      jwks_uri: `${fake.origin}/jwks`,
      response_types_supported: ["code"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
  });

  app.get("/jwks", async (c) => c.json({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] }));

  const server = await startServer(app.fetch);
  fake.origin = server.url;
  fake.close = async () => {
    hanging.splice(0).forEach((resolve) => resolve());
    await server.close();
  };
  return fake;
}

/** A port nothing listens on: a server is started on it and closed at once. */
export async function closedPortOrigin(): Promise<string> {
  const server = await startServer(() => new Response(null));
  await server.close();
  return server.url;
}

/**
 * A `customFetch` that sends github.com and api.github.com to the fake server and records every URL it was
 * asked for, so a test can tell that no request to the provider went around it.
 */
export function rewritingFetch(fake: Pick<FakeOAuth, "origin">, seen: string[]): typeof fetch {
  return (input, init) => {
    const original = new URL(input instanceof Request ? input.url : String(input));
    seen.push(original.href);
    const target = /^(api\.)?github\.com$/.test(original.hostname) ? new URL(original.pathname + original.search, fake.origin) : original;
    return input instanceof Request ? fetch(new Request(target, input), init) : fetch(target, init);
  };
}

/** An OAuth provider whose endpoints and client are the fake server's, named "Fake" unless `overrides` say otherwise. */
export function fakeProvider(fake: Pick<FakeOAuth, "origin" | "clientId" | "clientSecret">, id: string, overrides: Partial<OAuthProviderConfig> = {}): OAuthProviderConfig {
  return {
    id,
    name: "Fake",
    type: "oauth",
    authorization: `${fake.origin}/login/oauth/authorize`,
    token: `${fake.origin}/login/oauth/access_token`,
    userinfo: `${fake.origin}/user`,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    ...overrides,
  };
}

/** A sekisho instance served over HTTP, whose callbacks for `providerIds` the fake server accepts. */
export async function serveApp(config: AuthConfig, fake: Pick<FakeOAuth, "redirectUris">, providerIds: string[], env: Record<string, string> = {}): Promise<Transport> {
  const transport = await overHttp(createAuth(config, { env }).fetch);
  for (const id of providerIds) fake.redirectUris.add(`${transport.origin}/auth/callback/${id}`);
  return transport;
}

export interface FakeSignIn {
  /** Where `POST /signin/:id` sent the browser. */
  authorizationUrl: string;
  /** Where the fake server sent the browser back to. */
  callbackUrl: string;
  /** The app's answer to that callback. */
  response: Response;
}

/** A whole round trip: `POST /signin/:id` with a CSRF token, the fake's authorization endpoint as `login`, the callback. */
export async function signInAtFake(
  client: Client,
  fake: Pick<FakeOAuth, "authorize">,
  providerId: string,
  options: { login?: string; form?: Record<string, string> } = {},
): Promise<FakeSignIn> {
  const started = await client.send(`/signin/${providerId}`, { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome", ...options.form } });
  const authorizationUrl = started.headers.get("location");
  if (started.status !== 302 || !authorizationUrl) throw new Error(`sign-in answered ${started.status}: ${await started.text()}`);
  const callbackUrl = await fake.authorize(authorizationUrl, options.login);
  return { authorizationUrl, callbackUrl, response: await client.send(callbackUrl) };
}

/** A logger whose `error` keeps one line per error: its type, message and causes. */
export function errorLog(): { lines: string[]; logger: { error: (error: Error) => void } } {
  const lines: string[] = [];
  const describe = (error: Error) => {
    const parts = [`${error.name}: ${error.message}`];
    let cause = (error.cause as { err?: unknown } | undefined)?.err;
    for (let depth = 0; cause instanceof Error && depth < 4; depth++) {
      parts.push(`${cause.name}: ${cause.message}`);
      cause = (cause.cause as { err?: unknown } | undefined)?.err ?? cause.cause;
    }
    return parts.join(" <- ");
  };
  return { lines, logger: { error: (error) => void lines.push(describe(error)) } };
}
