/**
 * Text the attacker or the provider controls (the callback's `error` and `error_description`, the token
 * endpoint's) reaches error messages, and so the log, on one line: a newline in it cannot forge a log line.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../helpers/auth-client.js";
import { fakeProvider, serveApp } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "log-forging-suite-secret-0123456789abcdefgh";
const { fake, servers } = fakeOAuthForSuite();
const forged = "denied\n[sekisho][error] AdminSignIn: admin@victim.example signed in\r\u2028\u001b[2J";

describe("attacker-controlled text in the log", () => {
  it("stays on the error's own line", async () => {
    const transport = await serveApp({ secret, trustHost: true, logger: {}, providers: [fakeProvider(fake, "p")] }, fake, ["p"]);
    servers.push(transport);
    const client = createClient(transport);
    const started = await client.send("/signin/p", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    const callback = new URL(await fake.authorize(started.headers.get("location")!));
    callback.searchParams.delete("code");
    callback.searchParams.set("error", `access_denied\n${forged}`);
    callback.searchParams.set("error_description", forged);

    // The default logger's own console line, as written: raw, not inspected (inspect would escape the newlines).
    const lines: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    try {
      expect((await client.send(callback.href)).headers.get("location")).toMatch(/error=OAuthCallbackError$/);
    } finally {
      console.error = original;
    }
    const logged = lines.filter((line) => line.includes("OAuthCallbackError"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("AdminSignIn");
    expect(logged[0]).not.toMatch(/[\n\r\u2028\u001b]/);
  });
});
