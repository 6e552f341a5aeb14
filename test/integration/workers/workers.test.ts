import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.WRANGLER_SEND_METRICS = "false";

const root = resolve(import.meta.dirname, "../../..");
const secret = "workers-test-secret-0123456789abcdefghijkl";
const origin = "http://localhost:8787";

/** The settings of wrangler.toml the test runs the Worker with, so the test follows the file. */
function wranglerSettings() {
  const toml = readFileSync(resolve(root, "wrangler.toml"), "utf8");
  const value = (key: string) => toml.match(new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m"))?.[1];
  const flags = toml.match(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m)?.[1];
  return {
    main: value("main"),
    compatibilityDate: value("compatibility_date"),
    compatibilityFlags: flags ? [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [],
  };
}

async function bundleWorker(main: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(root, main)],
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

function startWorker(script: string, authSecret: string | undefined, extraFlags: string[] = [], output?: (text: string) => void): Miniflare {
  const { compatibilityDate, compatibilityFlags } = wranglerSettings();
  return new Miniflare({
    modules: true,
    script,
    compatibilityDate,
    compatibilityFlags: [...compatibilityFlags, ...extraFlags],
    cf: false,
    bindings: authSecret === undefined ? {} : { AUTH_SECRET: authSecret },
    ...(output
      ? { handleRuntimeStdio: (stdout: Readable, stderr: Readable) => [stdout, stderr].forEach((stream) => stream.on("data", (chunk: Buffer) => output(String(chunk)))) }
      : {}),
  });
}

/** The `name=value` part of the Set-Cookie for `name`, if the response sets it. */
function cookieFrom(response: { headers: { getSetCookie(): string[] } }, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0];
}

function postForm(worker: Miniflare, path: string, fields: Record<string, string>, cookie: string) {
  return worker.dispatchFetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Credentials sign-in, the protected route, the session, sign-out; returns the session cookie it had. */
async function signInServeSignOut(worker: Miniflare): Promise<string> {
  const refused = await worker.dispatchFetch(`${origin}/protected`);
  expect(refused.status).toBe(401);
  await refused.arrayBuffer();

  const csrf = await worker.dispatchFetch(`${origin}/auth/csrf`);
  expect(csrf.status).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookieFrom(csrf, "authjs.csrf-token");
  expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
  expect(csrfCookie).toBeDefined();

  const credentials = { csrfToken, username: "demo", callbackUrl: "/protected" };
  const wrong = await postForm(worker, "/auth/callback/credentials", { ...credentials, password: "nope" }, csrfCookie!);
  expect(wrong.status).toBe(302);
  expect(wrong.headers.get("location")).toContain("error=CredentialsSignin");
  expect(cookieFrom(wrong, "authjs.session-token")).toBeUndefined();

  const signedIn = await postForm(worker, "/auth/callback/credentials", { ...credentials, password: "demo" }, csrfCookie!);
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("location")).toBe(`${origin}/protected`);
  const sessionCookie = cookieFrom(signedIn, "authjs.session-token");
  expect(sessionCookie).toBeDefined();

  const session = await worker.dispatchFetch(`${origin}/auth/session`, { headers: { cookie: sessionCookie! } });
  expect(await session.json()).toMatchObject({ user: { name: "Worker User", email: "worker@example.com" } });

  const page = await worker.dispatchFetch(`${origin}/protected`, { headers: { cookie: sessionCookie! } });
  expect(page.status).toBe(200);
  expect(await page.json()).toMatchObject({ message: "Hello, Worker User" });

  const signOut = await postForm(worker, "/auth/signout", { csrfToken, callbackUrl: "/" }, `${csrfCookie}; ${sessionCookie}`);
  expect(signOut.status).toBe(302);
  expect(signOut.headers.get("location")).toBe(`${origin}/`);
  const cleared = signOut.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="));
  expect(cleared).toMatch(/^authjs\.session-token=;|Max-Age=0/);

  const afterSignOut = await worker.dispatchFetch(`${origin}/protected`, { headers: { cookie: cookieFrom(signOut, "authjs.session-token")! } });
  expect(afterSignOut.status).toBe(401);
  await afterSignOut.arrayBuffer();
  return sessionCookie!;
}

let script: string;
let mf: Miniflare;

beforeAll(async () => {
  const { main } = wranglerSettings();
  expect(main).toBe("examples/workers/index.ts");
  script = await bundleWorker(main!);
  mf = startWorker(script, secret);
  await mf.ready;
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
});

describe("the Workers example under workerd", () => {
  it("runs on the compatibility date wrangler.toml names", () => {
    expect(wranglerSettings().compatibilityDate).toBe("2026-04-01");
  });

  it("signs in with credentials, serves the protected route, and signs out", async () => {
    await signInServeSignOut(mf);
  });

  it("does the same with nodejs_compat, where the session token runs on node:crypto, and both read each other's cookies", async () => {
    const compat = startWorker(script, secret, ["nodejs_compat"]);
    try {
      const issuedThere = await signInServeSignOut(compat);
      const issuedHere = await signInServeSignOut(mf);
      for (const [reader, cookie] of [[mf, issuedThere], [compat, issuedHere]] as const) {
        const session = await reader.dispatchFetch(`${origin}/auth/session`, { headers: { cookie } });
        expect(await session.json()).toMatchObject({ user: { email: "worker@example.com" } });
      }
    } finally {
      await compat.dispose();
    }
  });

  it("takes the secret from the AUTH_SECRET binding", async () => {
    const csrf = await mf.dispatchFetch(`${origin}/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const fields = { csrfToken, username: "demo", password: "demo" };
    const signedIn = await postForm(mf, "/auth/callback/credentials", fields, cookieFrom(csrf, "authjs.csrf-token")!);
    const sessionCookie = cookieFrom(signedIn, "authjs.session-token")!;
    expect(sessionCookie).toBeDefined();

    const other = startWorker(script, "another-secret-0123456789abcdefghijklmnop");
    try {
      const page = await other.dispatchFetch(`${origin}/protected`, { headers: { cookie: sessionCookie } });
      expect(page.status).toBe(401);
      await page.arrayBuffer();
      const session = await other.dispatchFetch(`${origin}/auth/session`, { headers: { cookie: sessionCookie } });
      expect(await session.json()).toBeNull();
    } finally {
      await other.dispose();
    }

    const same = await mf.dispatchFetch(`${origin}/protected`, { headers: { cookie: sessionCookie } });
    expect(same.status).toBe(200);
    await same.arrayBuffer();
  });

  it("without the AUTH_SECRET binding, warns once per instance, not on every request", async () => {
    let output = "";
    const unset = startWorker(script, undefined, [], (text) => (output += text));
    try {
      for (let i = 0; i < 4; i++) {
        const response = await unset.dispatchFetch(`${origin}/auth/session`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      // workerd hands its stdio over asynchronously
      await new Promise((done) => setTimeout(done, 500));
      expect(output.match(/No AUTH_SECRET is set/g)).toHaveLength(1);
    } finally {
      await unset.dispose();
    }
  });
});
