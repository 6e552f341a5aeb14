/**
 * With `debug: true`, an email sign-in (link and one-time code, wrong and spent ones included) logs none of
 * the secrets it handles: the secret, the link's token, the code, the code's cookie or the session cookie.
 * The credentials and OAuth flows are checked in test/unit/core/logging.test.ts and
 * test/integration/oauth/secrets-logging.test.ts.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import type { LoggerInstance } from "../../../src/index.js";
import { captureOutput, type Client } from "../../helpers/auth-client.js";
import { codeApp, requestCode, secret, tryCode, wrongCode } from "../email-code/fixtures.js";

function recordingLogger() {
  const calls: unknown[][] = [];
  const logger: LoggerInstance = {
    error: (error) => void calls.push(["error", error]),
    warn: (code) => void calls.push(["warn", code]),
    debug: (message, metadata) => void calls.push(["debug", message, metadata]),
  };
  return { logger, calls, text: () => calls.map((call) => inspect(call, { depth: 20 })).join("\n") };
}

const linkPath = (url: string) => url.replace(/^https?:\/\/[^/]+\/auth/, "");

/** Every cookie value `client` holds now. */
const cookieValues = (client: Client) => client.jar.names().map((name) => client.jar.get(name)!);

describe("an email sign-in with debug on", () => {
  it("logs neither the link's token, the code, their cookies nor the secret", async () => {
    const recorder = recordingLogger();
    const { client, mail } = codeApp({ debug: true, logger: recorder.logger });
    const ada = client();
    const held: string[] = [];
    const consoleLines = await captureOutput(async () => {
      const { code } = await requestCode(ada, mail, "ada@example.com");
      held.push(...cookieValues(ada));
      await tryCode(ada, "ada@example.com", wrongCode(code!));
      await tryCode(ada, "ada@example.com", `${code}0`);
      await tryCode(ada, "ada@example.com", code!);
      held.push(...cookieValues(ada));
      await ada.session();
      await ada.send(linkPath(mail[0].url)); // spent with the code
      const bob = client();
      await requestCode(bob, mail, "bob@example.com");
      const link = mail.at(-1)!.url;
      await bob.send(linkPath(link).replace("bob%40", "eve%40")); // the token with another address
      await bob.send(linkPath(link));
      await bob.send(linkPath(link)); // used twice
      held.push(...cookieValues(bob));
    });
    const logged = recorder.text() + consoleLines.join("\n");
    // the run did log: the debug warning and the refused links
    expect(recorder.calls.some((call) => call[0] === "warn" && call[1] === "debug-enabled")).toBe(true);
    expect(recorder.calls.filter((call) => call[0] === "error").length).toBeGreaterThanOrEqual(2);

    const tokens = mail.map((sent) => new URL(sent.url).searchParams.get("token")!);
    const codes = mail.map((sent) => sent.otp!);
    const forbidden = [secret, ...tokens, ...codes, ...held.filter((value) => value.length >= 20)];
    expect(tokens).toHaveLength(2);
    expect(held.length).toBeGreaterThanOrEqual(3);
    for (const value of forbidden) expect(logged.includes(value), `${value} is in the log`).toBe(false);
  });
});
