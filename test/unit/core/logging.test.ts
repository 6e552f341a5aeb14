import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AuthError, type AuthConfig, type LoggerInstance } from "../../../src/index.js";
import { alice, captureOutput, credentialsProvider, localClient, makeAuth, secret, type Client } from "../../helpers/auth-client.js";

function recordingLogger() {
  const calls: { level: keyof LoggerInstance; args: unknown[] }[] = [];
  const logger: LoggerInstance = {
    error: (...args) => void calls.push({ level: "error", args }),
    warn: (...args) => void calls.push({ level: "warn", args }),
    debug: (...args) => void calls.push({ level: "debug", args }),
  };
  return { logger, calls, text: () => calls.map((call) => inspect(call.args, { depth: 20 })).join("\n") };
}

describe("logger overrides", () => {
  it("error gets the AuthError, warn gets warning codes, debug is silent unless debug is on", async () => {
    const quiet = recordingLogger();
    const client = localClient(makeAuth({ logger: quiet.logger }).fetch);
    await client.signIn({ username: "alice", password: "wrong" });
    await client.send("/session", { headers: { cookie: "authjs.session-token=garbage" } });
    await client.send("/nope");
    // The undecryptable session cookie is an error too, as the reference reports it (bounded in volume).
    expect(quiet.calls.map((call) => call.level)).toEqual(["error", "error"]);
    expect(quiet.calls[0].args[0]).toBeInstanceOf(AuthError);
    expect((quiet.calls[0].args[0] as AuthError).type).toBe("CredentialsSignin");
    expect((quiet.calls[1].args[0] as AuthError).type).toBe("JWTSessionError");

    const loud = recordingLogger();
    const debugClient = localClient(makeAuth({ logger: loud.logger, debug: true }).fetch);
    expect(loud.calls).toEqual([{ level: "warn", args: ["debug-enabled"] }]);
    await debugClient.send("/session", { headers: { cookie: "authjs.session-token=garbage" } });
    await debugClient.send("/session", { headers: { cookie: "authjs.session-token=garbage" } });
    await debugClient.send("/nope");
    const debugLines = loud.calls.filter((call) => call.level === "debug");
    expect(debugLines.length).toBeGreaterThanOrEqual(2);
    expect(debugLines.every((call) => typeof call.args[0] === "string")).toBe(true);
  });

  it("a partial override keeps console for the other levels", async () => {
    const errors: Error[] = [];
    const lines = await captureOutput(async () => {
      const client = localClient(makeAuth({ logger: { error: (error) => void errors.push(error) }, debug: true }).fetch);
      await client.signIn({ username: "alice", password: "wrong" });
    });
    expect(errors).toHaveLength(1);
    expect(lines.some((line) => line.includes("debug-enabled"))).toBe(true);
    expect(lines.some((line) => line.includes("CredentialsSignin"))).toBe(false);
  });

  it("the default logger writes errors to the console with their type", async () => {
    const lines = await captureOutput(async () => {
      await localClient(makeAuth({ logger: {} }).fetch).signIn({ username: "alice", password: "wrong" });
    });
    expect(lines.some((line) => line.includes("CredentialsSignin"))).toBe(true);
  });
});

describe("secrets and tokens never reach the logs", () => {
  const password = alice.password;

  async function fullFlow(client: Client) {
    await client.send("/signin");
    await client.signIn({ username: "alice", password: "not-the-password" });
    await client.signIn({ username: "alice", password, callbackUrl: "/dashboard" });
    await client.session();
    await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { theme: "dark" } } });
    await client.send("/session", { json: { csrfToken: "bad", data: {} } });
    await client.send("/signin/credentials", { form: { csrfToken: "bad" } });
    await client.send("/callback/credentials", { json: "[" });
    await client.send("/nope");
    const sessionValue = client.jar.get("authjs.session-token")!;
    const csrfCookie = decodeURIComponent(client.jar.get("authjs.csrf-token")!);
    await client.send("/session", { headers: { cookie: `authjs.session-token=${sessionValue.slice(0, -4)}AAAA` } });
    await client.signOut();
    return { sessionValue, csrfCookie };
  }

  function expectClean(output: string, found: { sessionValue: string; csrfCookie: string }) {
    const [csrfToken, csrfHash] = found.csrfCookie.split("|");
    const forbidden = {
      secret,
      password,
      sessionCookie: found.sessionValue,
      sessionCookieStart: found.sessionValue.slice(0, 48),
      sessionCookieEnd: found.sessionValue.slice(-40),
      csrfToken,
      csrfHash,
    };
    for (const [label, value] of Object.entries(forbidden)) {
      expect(value.length, label).toBeGreaterThan(20);
      expect(output.includes(value), `${label} appears in the log output`).toBe(false);
    }
  }

  it("with debug on and the console logger", async () => {
    let found = { sessionValue: "", csrfCookie: "" };
    const lines = await captureOutput(async () => {
      found = await fullFlow(localClient(makeAuth({ debug: true, logger: {} }).fetch));
    });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((line) => line.includes("debug"))).toBe(true);
    expectClean(lines.join("\n"), found);
  });

  it("with debug on and every logger method overridden (arguments inspected in full)", async () => {
    const recorder = recordingLogger();
    let found = { sessionValue: "", csrfCookie: "" };
    const consoleLines = await captureOutput(async () => {
      found = await fullFlow(localClient(makeAuth({ debug: true, logger: recorder.logger }).fetch));
    });
    expect(recorder.calls.filter((call) => call.level === "debug").length).toBeGreaterThan(0);
    expect(recorder.calls.filter((call) => call.level === "error").length).toBeGreaterThan(0);
    expectClean(recorder.text() + consoleLines.join("\n"), found);
  });

  it("when authorize throws, the credentials are not in the logged error", async () => {
    const recorder = recordingLogger();
    const config: Partial<AuthConfig> = {
      debug: true,
      logger: recorder.logger,
      providers: [
        credentialsProvider(() => {
          throw new Error("lookup failed");
        }),
      ],
    };
    const client = localClient(makeAuth(config).fetch);
    await client.signIn({ username: "alice", password });
    expect(recorder.text()).toContain("lookup failed");
    expect(recorder.text()).not.toContain(password);
    expect(recorder.text()).not.toContain(secret);
  });
});
