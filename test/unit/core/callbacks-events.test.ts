import { describe, expect, it } from "vitest";
import type { AuthConfig, EventCallbacks, JWT, Session } from "../../../src/index.js";
import { alice, localClient, makeAuth, origin } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

function clientWith(config: Partial<AuthConfig>) {
  return localClient(makeAuth(config).fetch);
}

describe("signIn callback", () => {
  it.each([
    ["false", () => false],
    ["throwing", () => {
      throw new Error("banned");
    }],
  ])("%s sends the user to /error?error=AccessDenied, a 403 page, without a session", async (_label, signIn) => {
    const client = clientWith({ callbacks: { signIn } });
    const response = await client.signIn();
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`${origin}/auth/error?error=AccessDenied`);
    expect(setCookiesOf(response).some((c) => c.name === "authjs.session-token")).toBe(false);
    expect((await client.send(location)).status).toBe(403);
    expect(await client.session()).toBeNull();
  });

  it("a string redirects there without a session", async () => {
    const client = clientWith({ callbacks: { signIn: () => "/unverified" } });
    const response = await client.signIn();
    expect(response.headers.get("location")).toBe(`${origin}/unverified`);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("true continues, and the callback sees the user, the account and the credentials", async () => {
    const seen: unknown[] = [];
    const client = clientWith({ callbacks: { signIn: (params) => (seen.push(params), true) } });
    await client.signIn();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      user: { id: alice.id, email: alice.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: alice.id },
      credentials: { username: "alice", password: alice.password },
    });
    expect(client.jar.get("authjs.session-token")).toBeDefined();
  });

  it("AccessDenied goes to pages.error when set", async () => {
    const client = clientWith({ callbacks: { signIn: () => false }, pages: { error: "/problem" } });
    const location = new URL((await client.signIn()).headers.get("location")!, origin);
    expect(location.pathname).toBe("/problem");
    expect(location.searchParams.get("error")).toBe("AccessDenied");
  });
});

describe("jwt and session callbacks", () => {
  it("jwt runs with trigger signIn (default token shape), then without trigger, then with update", async () => {
    const calls: { trigger?: string; token: JWT; user?: unknown; account?: unknown; session?: unknown }[] = [];
    const client = clientWith({
      callbacks: {
        jwt: ({ token, trigger, user, account, session }) => {
          calls.push({ trigger, token: { ...token }, user, account, session });
          return trigger === "signIn" ? { ...token, role: "editor" } : token;
        },
      },
    });
    await client.signIn();
    expect(calls[0].trigger).toBe("signIn");
    expect(calls[0].token).toEqual({ name: alice.name, email: alice.email, picture: alice.image, sub: alice.id });
    expect(calls[0].user).toMatchObject({ id: alice.id, email: alice.email });
    expect(calls[0].account).toMatchObject({ provider: "credentials", providerAccountId: alice.id });

    await client.session();
    expect(calls[1].trigger).toBeUndefined();
    expect(calls[1].token).toMatchObject({ sub: alice.id, role: "editor" });
    expect(typeof calls[1].token.exp).toBe("number");

    await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { theme: "dark" } } });
    expect(calls[2]).toMatchObject({ trigger: "update", session: { theme: "dark" } });
  });

  it("the default session has exactly user {name, email, image} and an ISO expires", async () => {
    const client = clientWith({});
    await client.signIn();
    const session = (await client.session()) as Session;
    expect(Object.keys(session).sort()).toEqual(["expires", "user"]);
    expect(session.user).toEqual({ name: alice.name, email: alice.email, image: alice.image });
    expect(session.expires).toBe(new Date(session.expires).toISOString());
  });

  it("the session callback shapes what the client sees, from the token", async () => {
    const client = clientWith({
      callbacks: { session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }) },
    });
    await client.signIn();
    expect(((await client.session()) as Session).user?.id).toBe(alice.id);
  });

  it("a session callback that throws gives a 500 JSON with a generic message on /session", async () => {
    const client = clientWith({
      callbacks: {
        session: () => {
          throw new Error("secret internal detail");
        },
      },
    });
    await client.signIn();
    const response = await client.send("/session");
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toHaveProperty("message");
    expect(body).not.toContain("secret internal detail");
    expect(body).not.toMatch(/\n\s+at /);
  });
});

describe("events", () => {
  function recording(overrides: Partial<EventCallbacks> = {}) {
    const log: { name: string; message: any }[] = [];
    const record = (name: string) => (message: unknown) => void log.push({ name, message });
    const errors: Error[] = [];
    const auth = makeAuth({
      events: { signIn: record("signIn"), signOut: record("signOut"), session: record("session"), ...overrides },
      logger: { error: (error) => errors.push(error), warn: () => {} },
    });
    return { client: localClient(auth.fetch), log, errors };
  }

  it("signIn gets {user, account, profile, isNewUser}", async () => {
    const { client, log } = recording();
    await client.signIn();
    const signIn = log.find((entry) => entry.name === "signIn")!.message;
    expect(Object.keys(signIn).sort()).toEqual(["account", "isNewUser", "profile", "user"]);
    expect(signIn.user).toMatchObject({ id: alice.id, email: alice.email, name: alice.name });
    expect(signIn.account).toMatchObject({ provider: "credentials", providerAccountId: alice.id });
    expect(signIn.isNewUser).toBe(false);
  });

  it("session gets {session, token} under jwt", async () => {
    const { client, log } = recording();
    await client.signIn();
    const session = await client.session();
    const entry = log.find((e) => e.name === "session")!.message;
    expect(entry.session).toEqual(session);
    expect(entry.token).toMatchObject({ sub: alice.id, email: alice.email });
  });

  it("signOut gets {token} under jwt, and {token: null} when nobody was signed in", async () => {
    const { client, log } = recording();
    await client.signIn();
    await client.signOut();
    const signOut = log.find((e) => e.name === "signOut")!.message;
    expect(Object.keys(signOut)).toEqual(["token"]);
    expect(signOut.token).toMatchObject({ sub: alice.id, email: alice.email });

    const anonymous = recording();
    await anonymous.client.signOut();
    expect(anonymous.log.find((e) => e.name === "signOut")!.message).toEqual({ token: null });
  });

  it("a handler that throws is logged and the flow still succeeds", async () => {
    const boom = () => {
      throw new Error("audit log down");
    };
    const { client, errors } = recording({ signIn: boom, session: boom, signOut: async () => Promise.reject(new Error("async down")) });
    const signIn = await client.signIn();
    expect(signIn.headers.get("location")).toBe(`${origin}/`);
    expect(client.jar.get("authjs.session-token")).toBeDefined();
    expect(((await client.session()) as Session).user?.email).toBe(alice.email);
    const signOut = await client.signOut();
    expect(signOut.status).toBe(302);
    expect(setCookiesOf(signOut).some((c) => c.name === "authjs.session-token" && isDeletion(c))).toBe(true);
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["EventError", "EventError", "EventError"]);
    expect(errors.map((e) => ((e.cause as { err: Error }).err).message)).toEqual(["audit log down", "audit log down", "async down"]);
  });
});
