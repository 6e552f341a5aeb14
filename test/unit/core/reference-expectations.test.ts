/**
 * What the reference's own behaviour lets an app expect, checked against @auth/core itself where it can run:
 * errors a browser reaches go through the app's error page, `decode()`'s error for a token no secret opens, self-hosted providers' endpoint
 * shape, and the generic 500 body's wording. The undecryptable session cookie reaching `logger.error` is in
 * test/security/logging/undecryptable-session-cookie.test.ts.
 */
import { Auth as ReferenceAuth } from "@auth/core";
import { decode as referenceDecode, encode as referenceEncode } from "@auth/core/jwt";
import ReferenceMastodon from "@auth/core/providers/mastodon";
import ReferenceWorkOS from "@auth/core/providers/workos";
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../../src/jwt.js";
import Mastodon from "../../../src/providers/mastodon.js";
import WorkOS from "../../../src/providers/workos.js";
import { alice, credentialsProvider, localClient, makeAuth, origin, quietLogger, secret } from "../../helpers/auth-client.js";

const html = { accept: "text/html" };

function referenceAuth(path: string, config: Record<string, unknown>, init: RequestInit = {}) {
  const request = new Request(`${origin}/auth${path}`, init);
  return ReferenceAuth(request, { secret, trustHost: true, basePath: "/auth", logger: quietLogger, ...config } as never) as Promise<Response>;
}

describe("an error a browser reaches", () => {
  it("on the callback route of an unknown provider, goes to the app's error page as the reference's does", async () => {
    const pages = { error: "/oops" };
    const theirs = await referenceAuth("/callback/nope", { pages, providers: [] }, { headers: html });
    const client = localClient(makeAuth({ pages }).fetch);
    const ours = await client.send("/callback/nope", { headers: html });
    expect(theirs.status).toBe(302);
    expect(ours.status).toBe(302);
    const location = new URL(ours.headers.get("location")!, origin).href;
    expect(location).toBe(theirs.headers.get("location"));
    expect(location).toBe(`${origin}/oops?error=Configuration`);
  });

  it("on the sessions page with a malformed session id, goes to the app's error page", async () => {
    const client = localClient(makeAuth({ pages: { error: "/oops" } }).fetch);
    await client.signIn();
    const response = await client.send("/sessions/revoke", { form: { id: "not a session id", csrfToken: await client.csrfToken() }, headers: html });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, origin).pathname).toBe("/oops");
  });

  it("without pages.error, is still sekisho's own 400 page", async () => {
    const response = await localClient(makeAuth().fetch).send("/callback/nope", { headers: html });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
  });
});

describe("decode() with no matching secret", () => {
  it("throws the reference's error: a plain Error, 'no matching decryption secret'", async () => {
    const token = await referenceEncode({ token: { sub: alice.id }, secret, salt: "s" });
    const theirs = await referenceDecode({ token, secret: "some-other-secret-0123456789abcdef012345", salt: "s" }).catch((e: Error) => e);
    const ours = await decode({ token, secret: "some-other-secret-0123456789abcdef012345", salt: "s" }).catch((e: Error) => e);
    expect(ours).toBeInstanceOf(Error);
    expect((ours as Error).constructor).toBe((theirs as Error).constructor);
    expect((ours as Error).message).toBe((theirs as Error).message);
    expect((ours as Error).message).toBe("no matching decryption secret");
  });
});

describe("providers whose endpoints follow an instance's base URL", () => {
  it.each([
    ["Mastodon", () => Mastodon({ issuer: "https://mastodon.example" }), () => ReferenceMastodon({ issuer: "https://mastodon.example" } as never)],
    ["WorkOS", () => WorkOS({ issuer: "https://workos.example", connection: "conn_1" }), () => ReferenceWorkOS({ issuer: "https://workos.example/", connection: "conn_1" } as never)],
  ])("%s: authorization is one URL string with its query, as the reference's", (_name, ours, theirs) => {
    const authorization = ours().authorization;
    expect(typeof authorization).toBe(typeof theirs().authorization);
    const url = new URL(authorization as string);
    expect(`${url.origin}${url.pathname}`).toBe(new URL(theirs().authorization as string).origin + new URL(theirs().authorization as string).pathname);
  });
});

describe("the generic 500 body", () => {
  it("has the reference's wording", async () => {
    const theirs = await referenceAuth("/session", { secret: undefined, providers: [] }, { method: "POST" });
    expect(theirs.status).toBe(500);
    const failing = credentialsProvider();
    const auth = makeAuth({
      providers: [failing],
      callbacks: {
        session: () => {
          throw new Error("broken session callback");
        },
      },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    const ours = await client.send("/session");
    expect(ours.status).toBe(500);
    expect(await ours.json()).toEqual(await theirs.json());
  });
});
