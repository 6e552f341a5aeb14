/**
 * The Next.js shim gives every NextAuth instance in the process one memo (Next.js evaluates auth.ts once per
 * route bundle). A process may also hold two different configurations, e.g. an admin area and a customer area,
 * each with its own secret and its own user ids. What one of them records without an adapter (revocations,
 * session records) must not reach the other: user "1" of one configuration is not user "1" of the other.
 */
import { describe, expect, it, vi } from "vitest";
import NextAuth from "../../../shims/next/index.js";
import { credentialsProvider, localClient, quietLogger } from "../../helpers/auth-client.js";

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost:3000" }),
  cookies: async () => ({ getAll: () => [], set: () => {} }),
}));

/** Both areas number their users from 1: each signs in "1" for the password "pw". */
const userOne = credentialsProvider((credentials) => (credentials.password === "pw" ? { id: "1", name: "One", email: `${credentials.username}@example.com` } : null));

function area(secret: string, basePath: string) {
  return NextAuth({ secret, basePath, providers: [userOne], logger: quietLogger, session: { strategy: "jwt" } });
}

async function signedIn(instance: ReturnType<typeof area>, basePath: string, username: string) {
  const client = localClient((request) => instance.handlers.POST(request as never), basePath);
  await client.signIn({ username, password: "pw" });
  expect(await client.session()).toMatchObject({ user: { email: `${username}@example.com` } });
  return client;
}

describe("two NextAuth configurations in one process, without an adapter", () => {
  it("revoking user 1 of one configuration leaves user 1 of the other signed in", async () => {
    const admin = area("admin-area-secret-0123456789abcdefghijklmnop", "/admin/auth");
    const shop = area("shop-area-secret-0123456789abcdefghijklmnopq", "/shop/auth");
    const customer = await signedIn(shop, "/shop/auth", "customer");
    const administrator = await signedIn(admin, "/admin/auth", "administrator");
    await admin.revokeSessions({ userId: "1" });
    expect(await administrator.session()).toBeNull();
    expect(await customer.session()).toMatchObject({ user: { email: "customer@example.com" } });
  });

  it("two instances of one configuration (one per route bundle) still share revocations", async () => {
    const secret = "one-app-secret-0123456789abcdefghijklmnopqrs";
    const page = area(secret, "/api/auth");
    const action = area(secret, "/api/auth");
    const browser = await signedIn(page, "/api/auth", "someone");
    await action.revokeSessions({ userId: "1" });
    expect(await browser.session()).toBeNull();
  });
});
