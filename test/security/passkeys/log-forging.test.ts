/**
 * A passkey ceremony's result is the browser's JSON: its `type` and the origin inside `clientDataJSON` are
 * whatever the attacker posts. When verification refuses them, @simplewebauthn/server's message quotes them,
 * and that message is logged with the WebAuthnVerificationError: a newline in them must not forge a log line,
 * nor a long one flood the log.
 */
import { describe, expect, it } from "vitest";
import { createSoftAuthenticator } from "../../integration/webauthn/soft-authenticator.js";
import {
  authenticationOptions,
  origin,
  passkeyAuth,
  passkeyClient,
  registerNewUser,
  registrationOptions,
  sqliteStorePerTest,
  verificationErrorUrl,
} from "../../integration/webauthn/fixtures.js";

const forged = "x\n[sekisho][error] AdminSignIn: admin@victim.example signed in\r\u2028\u001b[2J";
const store = sqliteStorePerTest();

/** The default logger's console.error lines while `run` runs, raw (inspect would escape the newlines). */
async function loggedLines(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  try {
    await run();
  } finally {
    console.error = original;
  }
  return lines;
}

/** The refusal is logged once, the forged text inside it, on one line of bounded length. */
function expectOneBoundedLine(lines: string[]): void {
  const logged = lines.filter((line) => line.includes("WebAuthnVerificationError"));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toContain("AdminSignIn");
  expect(logged[0]).not.toMatch(/[\n\r\u2028\u001b]/);
  expect(logged[0].length).toBeLessThan(2000);
}

describe("attacker-controlled WebAuthn response text in the log", () => {
  const cases: Array<[string, (response: Record<string, unknown>) => Record<string, unknown>, { origin?: string }]> = [
    ["a forged credential type", (response) => ({ ...response, type: `${forged}${"A".repeat(20_000)}` }), {}],
    ["a forged origin in clientDataJSON", (response) => response, { origin: `https://app.example${forged}` }],
  ];

  for (const [name, tamper, forgery] of cases) {
    it(`registration, ${name}: one line, of bounded length`, async () => {
      const auth = passkeyAuth(store.adapter, { logger: {} });
      const client = passkeyClient(auth.fetch);
      const response = createSoftAuthenticator(origin).register(await registrationOptions(client, { email: "new@example.com" }), forgery);
      const lines = await loggedLines(async () => {
        expect((await client.post("register", tamper(response as never))).headers.get("location")).toBe(verificationErrorUrl);
      });
      expectOneBoundedLine(lines);
      expect(await store.counts()).toMatchObject({ users: 0, authenticators: 0 });
    });

    it(`authentication, ${name}: one line, of bounded length`, async () => {
      const auth = passkeyAuth(store.adapter, { logger: {} });
      const owner = passkeyClient(auth.fetch);
      const { authenticator, credential } = await registerNewUser(owner, "owner@example.com");
      const attacker = passkeyClient(auth.fetch);
      const response = authenticator.authenticate(await authenticationOptions(attacker), credential, forgery);
      const lines = await loggedLines(async () => {
        expect((await attacker.post("authenticate", tamper(response as never))).headers.get("location")).toBe(verificationErrorUrl);
      });
      expectOneBoundedLine(lines);
      expect(await attacker.session()).toBeNull();
    });
  }
});
