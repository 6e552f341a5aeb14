import { describe, expect, it } from "vitest";
import { AuthError, CredentialsSignin, type Account, type AuthConfig, type User } from "../../../src/index.js";
import { alice, checkAlice, credentialsProvider, localClient, makeAuth, origin } from "../../helpers/auth-client.js";

class InvalidPassword extends CredentialsSignin {
  code = "invalid_password";
}

function failing(authorize: Parameters<typeof credentialsProvider>[0], config: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const auth = makeAuth({
    providers: [credentialsProvider(authorize)],
    logger: { error: (error) => errors.push(error), warn: () => {} },
    ...config,
  });
  return { auth, client: localClient(auth.fetch), errors };
}

describe("credentials sign-in", () => {
  it("null from authorize redirects to /signin?error=CredentialsSignin&code=credentials, without the username (history, logs), and logs the error", async () => {
    const { client, errors } = failing(() => null);
    const response = await client.signIn({ username: "alice", password: "wrong" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(errors.map((error) => (error as AuthError).type)).toEqual(["CredentialsSignin"]);
  });

  it("the redirect goes to pages.signIn when it is set", async () => {
    const { client } = failing(() => null, { pages: { signIn: "/login" } });
    const response = await client.signIn({ username: "x", password: "y" });
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.pathname).toBe("/login");
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "CredentialsSignin", code: "credentials" });
  });

  it("a CredentialsSignin subclass thrown from authorize sets its own code", async () => {
    const { client } = failing(() => {
      throw new InvalidPassword();
    });
    const response = await client.signIn({ username: "alice", password: "wrong" });
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("invalid_password");
  });

  it("another error from authorize is shown as Configuration, logged in full, and its message stays out of the URL", async () => {
    const { client, errors } = failing(() => {
      throw new Error("database unreachable at 10.0.0.7");
    });
    const response = await client.signIn({ username: "alice", password: "whatever" });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`${origin}/auth/error?error=Configuration`);
    expect((await client.send(location)).status).toBe(500);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AuthError);
    expect((errors[0] as AuthError).type).not.toBe("CredentialsSignin");
    expect(((errors[0] as AuthError).cause?.err as Error).message).toBe("database unreachable at 10.0.0.7");
  });

  it("authorize receives the submitted fields and the request", async () => {
    const seen: { credentials: Record<string, unknown>; url: string; method: string }[] = [];
    const { client } = failing((credentials, request) => {
      seen.push({ credentials: { ...credentials }, url: request.url, method: request.method });
      return checkAlice(credentials);
    });
    await client.signIn({ username: "alice", password: alice.password, remember: "yes" });
    expect(seen).toHaveLength(1);
    expect(seen[0].credentials).toMatchObject({ username: "alice", password: alice.password, remember: "yes" });
    expect(seen[0].url).toBe(`${origin}/auth/callback/credentials`);
    expect(seen[0].method).toBe("POST");
  });

  it("the user's id becomes the account's providerAccountId, and the signIn event gets authorize's user", async () => {
    const signIns: { user: User; account?: Account | null }[] = [];
    const authorized = { id: "user-alice", name: alice.name, email: alice.email, role: "admin" };
    const auth = makeAuth({
      providers: [credentialsProvider(() => authorized)],
      events: { signIn: (message) => void signIns.push(message) },
    });
    await localClient(auth.fetch).signIn();
    expect(signIns).toHaveLength(1);
    expect(signIns[0].account).toEqual({ provider: "credentials", type: "credentials", providerAccountId: "user-alice" });
    expect(signIns[0].user).toMatchObject(authorized);
  });

  it("a numeric user id becomes a string providerAccountId and the token's sub", async () => {
    const accounts: (Account | null | undefined)[] = [];
    const auth = makeAuth({
      providers: [credentialsProvider(() => ({ id: 42 as unknown as string, email: "n@example.com" }))],
      events: { signIn: ({ account }) => void accounts.push(account) },
      callbacks: { session: ({ session, token }) => ({ ...session, sub: token.sub }) },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    expect(accounts[0]?.providerAccountId).toBe("42");
    expect(((await client.session()) as { sub: string }).sub).toBe("42");
  });

  it("in-process signIn throws CredentialsSignin to the caller", async () => {
    const auth = makeAuth();
    const attempt = auth.signIn("credentials", { username: "alice", password: "wrong" }, undefined, {
      request: new Request(`${origin}/login`),
    });
    await expect(attempt).rejects.toBeInstanceOf(CredentialsSignin);
    await expect(attempt).rejects.toMatchObject({ type: "CredentialsSignin", code: "credentials", kind: "signIn" });
  });

  it("in-process signIn keeps a subclass's code", async () => {
    const { auth } = failing(() => {
      throw new InvalidPassword();
    });
    await expect(
      auth.signIn("credentials", { username: "alice", password: "x" }, undefined, { request: new Request(`${origin}/login`) }),
    ).rejects.toMatchObject({ code: "invalid_password" });
  });

  it("in-process signIn accepts FormData", async () => {
    const auth = makeAuth();
    const form = new FormData();
    form.set("username", "alice");
    form.set("password", alice.password);
    form.set("redirectTo", "/inbox");
    const result = await auth.signIn("credentials", form, undefined, { request: new Request(`${origin}/login`) });
    expect(result.url).toBe(`${origin}/inbox`);
    expect(result.cookies.some((cookie) => cookie.name === "authjs.session-token")).toBe(true);
  });

  it("in-process signIn without a provider points at the sign-in page", async () => {
    const auth = makeAuth();
    const result = await auth.signIn(undefined, { redirectTo: "/after" }, undefined, { request: new Request(`${origin}/x`) });
    const url = new URL(result.url);
    expect(url.origin + url.pathname).toBe(`${origin}/auth/signin`);
    expect(url.searchParams.get("callbackUrl")).toBe("/after");
    expect(result.cookies).toEqual([]);
  });
});
