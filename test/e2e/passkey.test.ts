/**
 * Passkeys in a real browser: Chromium with a CDP virtual authenticator, the built-in sign-in page and
 * its served SimpleWebAuthn bundle, sekisho on @hono/node-server at http://localhost (WebAuthn refuses
 * 127.0.0.1 as an RP ID), over SQLite and over PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createClient as createLibsqlClient } from "@libsql/client";
import pg from "pg";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import type { Adapter } from "../../src/adapters/adapter-contract.js";
import { createAuth } from "../../src/index.js";
import Passkey from "../../src/providers/passkey.js";
import { messages } from "../../pages/messages.js";
import { launchChromium } from "../helpers/browser.js";
import { testPool } from "../helpers/pg-pool.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";

interface Backend {
  adapter: Adapter;
  close(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "sekisho-passkey-e2e-"));
  const client = createLibsqlClient({ url: `file:${join(dir, "auth.db")}` });
  await migrateSQLite(client);
  return {
    adapter: SQLiteAdapter(client),
    async close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh schema in the `test` database, with the adapter's migrations applied. */
async function postgresBackend(): Promise<Backend> {
  const connection = { host: "127.0.0.1", port: 5432, user: "postgres", database: "test" };
  const schema = `passkey_e2e_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = testPool({ ...connection, options: `-c search_path=${schema}` });
  await migratePostgres(pool);
  return {
    adapter: PostgresAdapter(pool),
    async close() {
      await pool.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  privateKey: string;
  userHandle: string;
  signCount: number;
}

interface Browsing {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<VirtualCredential[]>;
}

let launched: Promise<Browser> | undefined;

/** Launched inside the tests, so a missing Chromium fails them rather than skipping them. */
function browser(): Promise<Browser> {
  return (launched ??= launchChromium());
}

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
});

/** A browser context with its own platform authenticator that verifies the user and keeps passkeys. */
async function browse(): Promise<Browsing> {
  const context = await (await browser()).newContext();
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addPlatformAuthenticator(context, page);
  return {
    context,
    page,
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as VirtualCredential[],
  };
}

const backends: Array<[string, () => Promise<Backend>]> = [
  ["SQLite", sqliteBackend],
  ["PostgreSQL", postgresBackend],
];

describe.each(backends)("passkeys in Chromium over %s", (_name, open) => {
  let backend: Backend;
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    backend = await open();
    const auth = createAuth(
      {
        secret: "e2e-passkey-secret-0123456789abcdef0123456789",
        providers: [Passkey()],
        adapter: backend.adapter,
        experimental: { enableWebAuthn: true },
        logger: { error() {}, warn() {}, debug() {} },
      },
      { env: {} },
    );
    await new Promise<void>((resolve) => {
      server = serve({ fetch: auth.fetch, hostname: "localhost", port: 0 }, () => resolve());
    });
    base = `http://localhost:${(server.address() as AddressInfo).port}/auth`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    await backend?.close();
  });

  /** The built-in sign-in page, sending the user to the session JSON afterwards. */
  const signInPage = () => `${base}/signin?callbackUrl=${encodeURIComponent(`${base}/session`)}`;

  async function sessionOf(page: Page): Promise<{ user?: { email?: string } } | null> {
    const response = await page.context().request.get(`${base}/session`);
    return response.json();
  }

  async function register(browsing: Browsing, email: string) {
    const { page } = browsing;
    await page.goto(signInPage());
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
    await page.waitForURL(`${base}/session`);
    expect(JSON.parse((await page.textContent("body")) ?? "null")).toMatchObject({ user: { email } });
  }

  async function signOut(page: Page) {
    await page.goto(`${base}/signout`);
    await page.getByRole("button", { name: messages.signOut.button }).click();
    await page.waitForURL((url) => url.pathname !== "/auth/signout");
    expect(await sessionOf(page)).toBeNull();
  }

  /** The stored authenticators of the user with `email`, read through the adapter. */
  async function storedAuthenticators(email: string) {
    const user = await backend.adapter.getUserByEmail!(email);
    expect(user).not.toBeNull();
    return backend.adapter.listAuthenticatorsByUserId!(user!.id);
  }

  /** Keeps the page's conditional-UI request from answering, so only the button signs in. */
  async function withoutConditionalUI(page: Page) {
    await page.route((url) => url.pathname.endsWith("/webauthn-options/passkey") && url.searchParams.get("action") === "authenticate", (route) => route.abort());
  }

  it("registers through the sign-in page, then signs the same user in with the passkey: by autofill and by the button", async () => {
    const alice = await browse();
    try {
      await withoutConditionalUI(alice.page);
      await register(alice, "alice@example.com");
      const [created] = await alice.credentials();
      expect(created).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
      const [stored] = await storedAuthenticators("alice@example.com");
      // Stored as standard base64, as the reference stores it: the authenticator's own encoding.
      expect(stored.credentialID).toBe(created.credentialId);
      expect(stored).toMatchObject({ providerAccountId: created.credentialId, transports: "internal", counter: created.signCount });
      const user = await backend.adapter.getUserByEmail!("alice@example.com");
      expect(await backend.adapter.getAccount!(created.credentialId, "passkey")).toMatchObject({ userId: user!.id, type: "webauthn" });

      await signOut(alice.page);
      // With no email typed, the button asks for any discoverable credential.
      await alice.page.goto(signInPage());
      await alice.page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
      await alice.page.waitForURL(`${base}/session`);
      expect(await sessionOf(alice.page)).toMatchObject({ user: { email: "alice@example.com" } });
      const [afterButton] = await alice.credentials();
      expect(afterButton.signCount).toBeGreaterThan(created.signCount);
      expect((await storedAuthenticators("alice@example.com"))[0].counter).toBe(afterButton.signCount);

      await signOut(alice.page);
      // Conditional UI: the page asks on load, and the authenticator answers the autofill request.
      await alice.page.unrouteAll();
      await alice.page.goto(signInPage());
      await alice.page.waitForURL(`${base}/session`);
      expect(await sessionOf(alice.page)).toMatchObject({ user: { email: "alice@example.com" } });
      const [afterAutofill] = await alice.credentials();
      expect(afterAutofill.signCount).toBeGreaterThan(afterButton.signCount);
      expect((await storedAuthenticators("alice@example.com"))[0].counter).toBe(afterAutofill.signCount);

      expect(await backend.adapter.getUserByEmail!("alice@example.com")).toEqual(user);
      expect(await storedAuthenticators("alice@example.com")).toHaveLength(1);
    } finally {
      await alice.context.close();
    }
  });

  /**
   * navigator.credentials.get() through the served bundle on a plain page of the app (so no conditional
   * request competes), limited to the credential `allow` when given and posted under the credential ID
   * `claimAs` when given, then POSTed to the callback as the sign-in page would.
   */
  async function postAssertion(page: Page, { allow, claimAs }: { allow?: string; claimAs?: string }) {
    await page.goto(`${base}/csrf`);
    await page.addScriptTag({ url: `${base}/webauthn-script` });
    await page.evaluate(
      async ({ base, allow, claimAs }) => {
        type Lib = { startAuthentication(options: unknown): Promise<Record<string, unknown>> };
        const lib = (window as unknown as { SimpleWebAuthnBrowser: Lib }).SimpleWebAuthnBrowser;
        const { csrfToken } = await (await fetch(`${base}/csrf`)).json();
        const { options } = await (await fetch(`${base}/webauthn-options/passkey`)).json();
        const allowCredentials = allow ? [{ id: allow, type: "public-key" }] : options.allowCredentials;
        const assertion = await lib.startAuthentication({ optionsJSON: { ...options, allowCredentials } });
        const data = claimAs ? { ...assertion, id: claimAs, rawId: claimAs } : assertion;
        const form = document.createElement("form");
        form.method = "post";
        form.action = `${base}/callback/passkey`;
        const fields = { action: "authenticate", data: JSON.stringify(data), csrfToken, callbackUrl: `${base}/session` };
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { base, allow, claimAs },
    );
    await page.waitForURL((url) => !url.pathname.endsWith("/csrf"));
    return new URL(page.url());
  }

  it("does not let a second user sign in with the first user's credential", async () => {
    const carol = await browse();
    const dave = await browse();
    try {
      await withoutConditionalUI(carol.page);
      await withoutConditionalUI(dave.page);
      await register(carol, "carol@example.com");
      const [carolsCredential] = await carol.credentials();
      const carolsId = Buffer.from(carolsCredential.credentialId, "base64").toString("base64url");
      await register(dave, "dave@example.com");
      const daveBefore = await storedAuthenticators("dave@example.com");

      // Dave, signed in, signs with his own authenticator and posts it under Carol's credential ID.
      const forged = await postAssertion(dave.page, { claimAs: carolsId });
      expect(forged.pathname).toBe("/auth/error");
      expect(forged.searchParams.get("error")).toBe("WebAuthnVerificationError");
      expect(await sessionOf(dave.page)).toMatchObject({ user: { email: "dave@example.com" } });
      expect(await storedAuthenticators("carol@example.com")).toEqual([expect.objectContaining({ counter: carolsCredential.signCount })]);

      // A fresh browser with no passkeys and no session gets nowhere either.
      const erin = await browse();
      try {
        const stranger = await postAssertion(erin.page, { allow: carolsId, claimAs: carolsId }).catch((error: Error) => error);
        expect(stranger).toBeInstanceOf(Error);
        expect(String(stranger)).toContain("NotAllowedError");
        expect(await sessionOf(erin.page)).toBeNull();
      } finally {
        await erin.context.close();
      }

      // Dave holding a copy of Carol's key, while signed in as himself: her account is not linked to him.
      await dave.cdp.send("WebAuthn.addCredential", { authenticatorId: dave.authenticatorId, credential: carolsCredential });
      const linked = await postAssertion(dave.page, { allow: carolsId });
      expect(linked.searchParams.get("error")).toBe("OAuthAccountNotLinked");
      expect(await sessionOf(dave.page)).toMatchObject({ user: { email: "dave@example.com" } });
      expect(await storedAuthenticators("dave@example.com")).toEqual(daveBefore);
      expect(await sessionOf(carol.page)).toMatchObject({ user: { email: "carol@example.com" } });
    } finally {
      await carol.context.close();
      await dave.context.close();
    }
  });
});
