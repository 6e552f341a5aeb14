/**
 * In workerd, the Password provider's sign-up answers before its mail is sent, and the request's `waitUntil` keeps
 * the Worker alive until the mail is out: the mail, a second late, still arrives. Called without the ExecutionContext,
 * where workerd would cut the mail off, the answer waits for it.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import { Miniflare, Response as WorkerResponse, type Request as WorkerRequest } from "miniflare";
import { afterAll, expect, it } from "vitest";
import { workerBundle } from "../../../bench/bundle-size.js";

process.env.WRANGLER_SEND_METRICS = "false";
const root = resolve(import.meta.dirname, "../../..");

const script = `
  import { createAuth } from "./src/index.js";
  import { MemoryAdapter } from "./src/adapters/memory.js";
  import Password from "./src/providers/password.js";
  const auth = createAuth({
    secret: "password-mail-later-secret-0123456789abcdef",
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [Password({
      scrypt: { ln: 15, r: 8, p: 1 },
      // a slow mail service: a second, then the mail is handed to it
      sendMail: async (mail) => {
        await new Promise((done) => setTimeout(done, 1000));
        await fetch("http://mailbox.test/", { method: "POST", body: JSON.stringify({ to: mail.to, kind: mail.kind }) });
      },
    })],
  }, { env: {} });
  export default {
    fetch: (request, env, ctx) => (new URL(request.url).searchParams.has("noContext") ? auth.fetch(request, env) : auth.fetch(request, env, ctx)),
  };
`;

let mf: Miniflare | undefined;
afterAll(() => mf?.dispose());

const mails: { to: string; kind: string; at: number }[] = [];

async function worker(): Promise<Miniflare> {
  if (mf) return mf;
  const bundled = await build({ ...workerBundle, minify: false, stdin: { contents: script, resolveDir: root, loader: "ts" } });
  mf = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0].text,
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    cf: false,
    outboundService: async (request: WorkerRequest) => {
      mails.push({ ...((await request.json()) as { to: string; kind: string }), at: performance.now() });
      return new WorkerResponse("queued");
    },
  });
  return mf;
}

/** Signs up `email` (through `query`); when the answer arrived. */
async function signUp(email: string, query = ""): Promise<{ answer: WorkerResponse; started: number; answered: number }> {
  const running = await worker();
  const csrf = await running.dispatchFetch("http://localhost:8787/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const body = new URLSearchParams({ email, password: "a long passphrase in workerd", csrfToken });
  const started = performance.now();
  const answer = await running.dispatchFetch(`http://localhost:8787/auth/signup/password${query}`, {
    method: "POST",
    body,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  return { answer, started, answered: performance.now() };
}

it("answers a sign-up before its slow mail, and the mail still arrives through waitUntil", async () => {
  const { answer, started, answered } = await signUp("worker@example.com");
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toContain("/auth/verify-request");
  expect(mails).toEqual([]);
  await expect.poll(() => mails.length, { timeout: 5000 }).toBe(1);
  expect(mails[0]).toMatchObject({ to: "worker@example.com", kind: "verify" });
  expect(mails[0].at - answered).toBeGreaterThan(500);
  console.info(`workerd sign-up: answered in ${(answered - started).toFixed(0)} ms, the mail ${(mails[0].at - answered).toFixed(0)} ms later`);
}, 30_000);

it("without the ExecutionContext, waits for the mail rather than lose it", async () => {
  const { answer, started, answered } = await signUp("no-context@example.com", "?noContext");
  expect(answer.status).toBe(302);
  expect(mails.at(-1)).toMatchObject({ to: "no-context@example.com", kind: "verify" });
  expect(answered - started).toBeGreaterThan(1000);
}, 30_000);
