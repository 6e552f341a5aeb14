/**
 * With `session.acceptNextAuthV4`, a cookie under next-auth v4's session name can sign a browser in, so only
 * what the app's own v4 deployment sealed may: a token sealed with another secret, tampered with, expired, or
 * sealed the v5 way is no session and is cleared. A sekisho cookie always wins over a v4 one, and a v4 cookie
 * whose session was signed out of sekisho cannot be carried over a second time. The tokens are made with the
 * real next-auth 4 package's `encode`.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { encode as encodeV5 } from "../../../src/jwt.js";
import { localClient, makeAuth } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

const require = createRequire(import.meta.url);
const v4 = require("next-auth/jwt") as { encode(params: { token: object; secret: string; maxAge?: number }): Promise<string> };

const secret = "next-auth-v4-app-secret-0123456789abcdef";
const v4Name = "next-auth.session-token";
const user = { sub: "user-ada", name: "Ada", email: "ada@example.com" };
const auth = () => makeAuth({ secret, session: { acceptNextAuthV4: true } });

async function sessionWith(cookies: Record<string, string>, instance = auth()) {
  const client = localClient(instance.fetch);
  for (const [name, value] of Object.entries(cookies)) client.jar.set(name, value);
  const response = await client.send("/session");
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return { session, set: setCookiesOf(response), client };
}

/** Flips one character of the ciphertext (the fourth part of the compact JWE). */
function tampered(token: string): string {
  const parts = token.split(".");
  const c = parts[3];
  parts[3] = `${c.slice(0, 5)}${c[5] === "A" ? "B" : "A"}${c.slice(6)}`;
  return parts.join(".");
}

describe("next-auth v4 session cookies that must not sign anyone in", () => {
  it("the app's own v4 token is the session (the control for the cases below)", async () => {
    const { session } = await sessionWith({ [v4Name]: await v4.encode({ token: user, secret }) });
    expect(session?.user?.email).toBe(user.email);
  });

  it("a v4 token sealed with another secret is no session, and is cleared", async () => {
    const token = await v4.encode({ token: user, secret: "another-apps-secret-0123456789abcdef0123" });
    const { session, set } = await sessionWith({ [v4Name]: token });
    expect(session).toBeNull();
    expect(set.filter(isDeletion).map((cookie) => cookie.name)).toContain(v4Name);
    expect(set.filter((cookie) => !isDeletion(cookie))).toEqual([]);
  });

  it("a tampered v4 token is no session", async () => {
    const { session } = await sessionWith({ [v4Name]: tampered(await v4.encode({ token: user, secret })) });
    expect(session).toBeNull();
  });

  it("an expired v4 token is no session", async () => {
    const { session } = await sessionWith({ [v4Name]: await v4.encode({ token: user, secret, maxAge: -60 }) });
    expect(session).toBeNull();
  });

  it("a token sealed the v5 way under the v4 name is no session", async () => {
    const { session } = await sessionWith({ [v4Name]: await encodeV5({ token: user, secret, salt: v4Name }) });
    expect(session).toBeNull();
  });

  it("a sekisho cookie wins over a v4 cookie beside it, which is not read", async () => {
    const own = await encodeV5({ token: { sub: "user-bob", email: "bob@example.com" }, secret, salt: "authjs.session-token" });
    const { session, set } = await sessionWith({ "authjs.session-token": own, [v4Name]: await v4.encode({ token: user, secret }) });
    expect(session?.user?.email).toBe("bob@example.com");
    expect(set).toEqual([]);
  });

  it("a copy of a v4 cookie whose carried session was signed out is refused", async () => {
    const instance = auth();
    const v4Cookie = await v4.encode({ token: user, secret });
    const { session, client } = await sessionWith({ [v4Name]: v4Cookie }, instance);
    expect(session?.user?.email).toBe(user.email);
    await client.signOut();
    const replay = await sessionWith({ [v4Name]: v4Cookie }, instance);
    expect(replay.session).toBeNull();
    expect(replay.set.filter(isDeletion).map((cookie) => cookie.name)).toContain(v4Name);
  });
});
