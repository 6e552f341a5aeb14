/**
 * Adding an adapter to a credentials app turns its sessions into database sessions, and a user `authorize`
 * returns that is not stored then fails the sign-in. Start-up warns when the strategy was chosen by default; the
 * failed sign-in's log line and, outside production, the error page say how to fix it.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig, WarningCode } from "../../../src/index.js";
import type { Env } from "../../../src/config/env-vars.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { adapterWithAlice, credentialsProvider, localClient, secret } from "../../helpers/auth-client.js";

const production: Env = { NODE_ENV: "production", AUTH_URL: "http://localhost:3000" };

function warningsOf(config: Partial<AuthConfig>): WarningCode[] {
  const codes: WarningCode[] = [];
  createAuth({ providers: [credentialsProvider()], secret, ...config, logger: { warn: (code) => void codes.push(code) } }, { env: {} });
  return codes;
}

/** An app whose `authorize` returns alice, whom the adapter does not hold, under the default strategy. */
function unstoredUserApp(env: Env = {}, config: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const auth = createAuth(
    {
      providers: [credentialsProvider()],
      secret,
      adapter: MemoryAdapter(),
      rateLimit: false,
      ...config,
      logger: { error: (error) => void errors.push(error), warn: () => {} },
    },
    { env },
  );
  return { auth, errors, client: localClient(auth.fetch) };
}

const fix = 'session: { strategy: "jwt" }';

describe("credentials with an adapter", () => {
  it("warns at start-up when the database strategy was chosen by default, naming both fixes", () => {
    expect(warningsOf({ adapter: MemoryAdapter() })).toContain("credentials-database-default");
    expect(warningsOf({ adapter: MemoryAdapter(), session: { strategy: "database" } })).not.toContain("credentials-database-default");
    expect(warningsOf({ adapter: MemoryAdapter(), session: { strategy: "jwt" } })).not.toContain("credentials-database-default");
    expect(warningsOf({})).not.toContain("credentials-database-default");
  });

  it("logs the fix when authorize returns a user the adapter does not hold", async () => {
    const { client, errors } = unstoredUserApp();
    await client.signIn();
    expect(errors.map((error) => error.message).join("\n")).toContain(fix);
    expect(errors[0].message).toContain('"user-alice"');
  });

  it("shows the fix on the error page outside production, for developers", async () => {
    const { client } = unstoredUserApp();
    const location = (await client.signIn()).headers.get("location")!;
    expect(location).toBe(`${client.base}/error?error=Configuration&hint=credentials-database`);
    const page = await client.send(location, { headers: { accept: "text/html" } });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("For the developer");
    expect(html).toContain("session: { strategy: &quot;jwt&quot; }");
  });

  it("shows no hint in production, even when the URL names one", async () => {
    const { client, errors } = unstoredUserApp(production);
    const location = (await client.signIn()).headers.get("location")!;
    expect(location).toBe(`${client.base}/error?error=Configuration`);
    expect(errors[0].message).toContain(fix);
    const html = await (await client.send("/error?error=Configuration&hint=credentials-database")).text();
    expect(html).not.toContain("For the developer");
    expect(html).not.toContain("strategy");
  });

  it("shows only the hints of its own table, never text from the URL", async () => {
    const { client } = unstoredUserApp();
    const html = await (await client.send("/error?error=Configuration&hint=Call%20us%20at%20555")).text();
    expect(html).not.toContain("For the developer");
    expect(html).not.toContain("555");
  });

  it("sends an app's own error page the code only", async () => {
    const { client } = unstoredUserApp({}, { pages: { error: "/oops" } });
    expect((await client.signIn()).headers.get("location")).toBe("/oops?error=Configuration");
  });

  it("signs in a stored user under the database strategy, with no hint", async () => {
    const { adapter, provider } = await adapterWithAlice();
    const auth = createAuth({ providers: [provider], secret, adapter, rateLimit: false, logger: { warn: () => {} } }, { env: {} });
    const client = localClient(auth.fetch);
    expect((await client.signIn()).headers.get("location")).toBe(`${client.origin}/`);
    expect(await client.session()).toMatchObject({ user: { name: "Alice Liddell" } });
  });
});
