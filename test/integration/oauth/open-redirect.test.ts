/**
 * Open redirect across the OAuth round trip: a callbackUrl given at sign-in survives the trip to the IdP in
 * the callback-url cookie, and where the callback finally sends the browser must stay on the app's origin.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, type Transport } from "../../helpers/auth-client.js";
import { fakeProvider, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const { fake, servers } = fakeOAuthForSuite();
let transport: Transport;

beforeAll(async () => {
  transport = await serveApp(
    {
      secret: "open-redirect-suite-secret-0123456789abcdef",
      trustHost: true,
      logger: { error: () => {} },
      providers: [fakeProvider(fake, "fake", { checks: ["pkce", "state"] })],
    },
    fake,
    ["fake"],
  );
  servers.push(transport);
});

async function roundTrip(fields: Record<string, string>) {
  const client = createClient(transport);
  const result = await signInAtFake(client, fake, "fake", { form: fields });
  expect(result.response.status).toBe(302);
  expect(((await client.session()) as any)?.user?.name).toBe("Octocat");
  return { ...result, client, location: new URL(result.response.headers.get("location")!) };
}

describe("callbackUrl across the OAuth round trip", () => {
  for (const evil of [
    "https://evil.example/x",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example/x",
    "https://127.0.0.1@evil.example/",
    "javascript:alert(document.domain)",
    "http://evil.example%2F@127.0.0.1/",
  ]) {
    it(`keeps the browser on the app's origin for callbackUrl ${JSON.stringify(evil)}`, async () => {
      const { location, authorizationUrl, client } = await roundTrip({ callbackUrl: evil });
      expect(location.origin).toBe(transport.origin);
      expect(location.href).not.toContain("evil.example");
      expect(authorizationUrl).not.toContain("evil.example");
      const remembered = client.jar.get("authjs.callback-url");
      if (remembered !== undefined) expect(new URL(decodeURIComponent(remembered)).origin).toBe(transport.origin);
    });
  }

  it("keeps the browser on the app's origin for redirectTo https://evil.example/x", async () => {
    const { location } = await roundTrip({ callbackUrl: "", redirectTo: "https://evil.example/x" });
    expect(location.origin).toBe(transport.origin);
  });

  it("ignores an evil callbackUrl added to the callback request itself", async () => {
    const client = createClient(transport);
    const started = await client.send("/signin/fake", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    const back = new URL(await fake.authorize(started.headers.get("location")!));
    back.searchParams.set("callbackUrl", "https://evil.example/x");
    const response = await client.send(back.href);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!).origin).toBe(transport.origin);
  });

  it("still honours a same-origin path and query (the control)", async () => {
    const { location } = await roundTrip({ callbackUrl: "/dashboard?tab=keys" });
    expect(location.href).toBe(`${transport.origin}/dashboard?tab=keys`);
  });

  it("still honours an absolute same-origin URL (the control)", async () => {
    const { location } = await roundTrip({ callbackUrl: `${transport.origin}/settings` });
    expect(location.href).toBe(`${transport.origin}/settings`);
  });
});
