/**
 * With debug on, a full OIDC sign-in against a real OpenID provider (and the failures around it) must log
 * neither the client secret, the code, the tokens, the check values nor the session cookie: not through a
 * capturing logger, and not through the default console logger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { type Account, type AuthConfig, type LoggerInstance } from "../../../src/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { captureOutput, createClient, overHttp, type Transport } from "../../helpers/auth-client.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { returnToApp, startSignIn } from "./oidc-flow.js";

let idp: Idp;

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
});

afterAll(async () => {
  await idp?.close();
});

interface Run {
  /** Everything the logger and the console received. */
  lines: string[];
  /** Every value that must not appear in them. */
  secrets: Record<string, string>;
}

/** A sign-in, a replay of its code, and a session check with a damaged cookie, on an instance with debug on. */
async function signInWithDebug(logger?: Partial<LoggerInstance>): Promise<Run> {
  const accounts: Account[] = [];
  const config: AuthConfig = {
    secret: "secrets-suite-secret-0123456789abcdefghijklm",
    trustHost: true,
    debug: true,
    logger,
    events: { signIn: ({ account }) => void (account && accounts.push(account)) },
    providers: [
      {
        id: "basic",
        name: "IdP",
        type: "oidc",
        issuer: idp.issuer,
        clientId: idpClients.confidential.client_id,
        clientSecret: idpClients.confidential.client_secret,
        checks: ["pkce", "state", "nonce"],
      },
    ],
  };
  const secrets: Record<string, string> = { clientSecret: idpClients.confidential.client_secret, authSecret: config.secret as string };
  let transport: Transport | undefined;
  const lines = await captureOutput(async () => {
    transport = await overHttp(createAuth(config, { env: {} }).fetch);
    await idp.setRedirectUris([`${transport.origin}/auth/callback/basic`]);
    const client = createClient(transport);
    const returned = await loginAtIdp(await startSignIn(client, "basic"), "alice");
    secrets.code = new URL(returned.url).searchParams.get("code")!;
    for (const name of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce", "authjs.csrf-token"]) secrets[name] = client.jar.get(name)!;
    secrets.state = new URL(returned.url).searchParams.get("state")!;
    const checkCookies = client.jar.header();

    const response = await returnToApp(client, returned);
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
    secrets.sessionCookie = client.jar.get("authjs.session-token")!;
    expect(accounts).toHaveLength(1);
    secrets.accessToken = accounts[0].access_token!;
    secrets.idToken = accounts[0].id_token!;

    const replay = createClient(transport);
    for (const pair of checkCookies.split("; ")) {
      const at = pair.indexOf("=");
      replay.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    expect((await returnToApp(replay, returned)).headers.get("location")).toMatch(/error=/);

    const damaged = createClient(transport);
    damaged.jar.set("authjs.session-token", secrets.sessionCookie.slice(0, -6) + "AAAAAA");
    expect(await damaged.session()).toBeNull();
  });
  await transport?.close();
  for (const [name, value] of Object.entries(secrets)) expect(value, name).toBeTruthy();
  return { lines, secrets };
}

function expectNoSecret({ lines, secrets }: Run) {
  const output = lines.join("\n");
  for (const [name, value] of Object.entries(secrets)) {
    // A prefix too, so that a truncated token in a log line is caught as well.
    for (const piece of [value, decodeURIComponent(value), value.slice(0, 24)]) {
      expect(output.includes(piece), `${name} appears in the log output`).toBe(false);
    }
  }
}

describe("secrets in logs", () => {
  it("are kept out of a capturing logger and the console", async () => {
    const logged: string[] = [];
    const record = (level: string) => (...args: unknown[]) => void logged.push(`${level} ${args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 20 }))).join(" ")}`);
    const run = await signInWithDebug({ error: record("error"), warn: record("warn"), debug: record("debug") });
    const all = { ...run, lines: [...run.lines, ...logged] };
    // The run did log: debug lines, the debug warning, and the replayed code's error.
    expect(logged.some((l) => l.startsWith("debug authorization url"))).toBe(true);
    expect(logged.some((l) => l.startsWith("warn") && l.includes("debug-enabled"))).toBe(true);
    expect(logged.some((l) => l.startsWith("error") && l.includes("OAuthCallbackError"))).toBe(true);
    expectNoSecret(all);
  });

  it("are kept out of the default console logger", async () => {
    const run = await signInWithDebug();
    expect(run.lines.some((l) => l.includes("[sekisho][debug] authorization url"))).toBe(true);
    expect(run.lines.some((l) => l.includes("OAuthCallbackError"))).toBe(true);
    expectNoSecret(run);
  });
});
