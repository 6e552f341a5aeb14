import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import { credentialsProvider, localClient, secret } from "../../helpers/auth-client.js";
import { origin, passkeyAuth, passkeyClient, quietLogger, sqliteStore, type SqliteStore } from "./fixtures.js";

const require = createRequire(import.meta.url);
const installedBundle = readFileSync(
  require.resolve("@simplewebauthn/browser").replace(/script[\\/]index\.js$/, "dist/bundle/index.umd.min.js"),
  "utf8",
).trim();

let store: SqliteStore;

beforeAll(async () => {
  store = await sqliteStore();
});

afterAll(() => store.close());

describe("GET /webauthn-script", () => {
  it("serves the installed @simplewebauthn/browser bundle as JavaScript, cached long, with its license", async () => {
    const response = await passkeyAuth(store.adapter).fetch(new Request(`${origin}/auth/webauthn-script`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(response.headers.getSetCookie()).toEqual([]);
    const text = await response.text();
    expect(text.startsWith("/*! @simplewebauthn/browser@")).toBe(true);
    expect(text).toContain("MIT License");
    expect(text).toContain("Copyright (c) 2020 Matthew Miller");
    // The generated module is current: it carries exactly the bundle that is installed.
    expect(text.endsWith(`*/\n${installedBundle}\n`)).toBe(true);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const auth = passkeyAuth(store.adapter);
    const etag = (await auth.fetch(new Request(`${origin}/auth/webauthn-script`))).headers.get("etag")!;
    const response = await auth.fetch(new Request(`${origin}/auth/webauthn-script`, { headers: { "If-None-Match": `"other", ${etag}` } }));
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    expect(response.headers.get("etag")).toBe(etag);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await passkeyAuth(store.adapter).fetch(new Request(`${origin}/auth/webauthn-script`, { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("is not served when no WebAuthn provider is configured", async () => {
    const auth = createAuth({ secret, providers: [credentialsProvider()], logger: quietLogger }, { env: {} });
    const response = await auth.fetch(new Request(`${origin}/auth/webauthn-script`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });
});

describe("the built-in sign-in page", () => {
  it("has the passkey form and loads the browser helper from sekisho, not a CDN", async () => {
    const client = localClient(passkeyAuth(store.adapter).fetch);
    const page = await (await client.send("/signin")).text();
    expect(page).toContain(`data-webauthn-options="${origin}/auth/webauthn-options/passkey"`);
    expect(page).toContain(`action="${origin}/auth/callback/passkey"`);
    // under the page's script nonce (Content-Security-Policy)
    expect(page).toMatch(new RegExp(`<script nonce="[0-9a-f]{32}" src="${origin}/auth/webauthn-script"></script>`));
    expect(page).toMatch(/<form[^>]*\sdata-conditional[\s=>]/);
    const scriptSources = [...page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
    expect(scriptSources).toEqual([`${origin}/auth/webauthn-script`]);
  });

  it("has no passkey form or script without a WebAuthn provider", async () => {
    const auth = createAuth({ secret, providers: [credentialsProvider()], logger: quietLogger }, { env: {} });
    const page = await (await localClient(auth.fetch).send("/signin")).text();
    expect(page).not.toContain("webauthn");
  });
});

describe("provider functions", () => {
  it("Passkey requires a resident key and user verification; WebAuthn only prefers them", () => {
    expect(Passkey()).toMatchObject({
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      enableConditionalUI: true,
      registrationOptions: { authenticatorSelection: { residentKey: "required", userVerification: "required" } },
      authenticationOptions: { userVerification: "required" },
      verifyRegistrationOptions: { requireUserVerification: true },
      verifyAuthenticationOptions: { requireUserVerification: true },
    });
    expect(WebAuthn()).toMatchObject({
      id: "webauthn",
      name: "WebAuthn",
      type: "webauthn",
      registrationOptions: { authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" } },
      authenticationOptions: { userVerification: "preferred" },
      verifyAuthenticationOptions: { requireUserVerification: false },
    });
  });

  it("take overrides through options, as the other providers do: another id moves the routes", async () => {
    const auth = passkeyAuth(store.adapter, { providers: [Passkey({ id: "key", name: "Security key", enableConditionalUI: false })] });
    const client = passkeyClient(auth.fetch);
    expect(await (await client.send("/providers")).json()).toEqual({
      key: { id: "key", name: "Security key", type: "webauthn", signinUrl: `${origin}/auth/signin/key`, callbackUrl: `${origin}/auth/callback/key` },
    });
    expect((await client.optionsJson({}, "key")).action).toBe("authenticate");
    expect((await client.options({}, "passkey")).status).toBe(400);
    const page = await (await client.send("/signin")).text();
    expect(page).toMatch(/<form[^>]*\sdata-webauthn-options=/);
    expect(page).not.toMatch(/<form[^>]*\sdata-conditional[\s=>]/);
  });

  it("start only with experimental.enableWebAuthn, and then warn", () => {
    expect(() => createAuth({ secret, providers: [Passkey()], adapter: MemoryAdapter(), logger: quietLogger }, { env: {} })).toThrow(
      expect.objectContaining({ type: "ExperimentalFeatureNotEnabled" }),
    );
    const warnings: string[] = [];
    createAuth(
      { secret, providers: [Passkey()], adapter: MemoryAdapter(), experimental: { enableWebAuthn: true }, logger: { ...quietLogger, warn: (code) => void warnings.push(code) } },
      { env: {} },
    );
    expect(warnings).toContain("experimental-webauthn");
  });
});
