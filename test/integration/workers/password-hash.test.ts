/**
 * The password hash in workerd (Miniflare): the same PHC strings as on Node, with node:crypto's scrypt under
 * nodejs_compat and the JavaScript scrypt without it, and what one hash costs on each; and what verifying an
 * imported argon2id hash costs there and on Node.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, describe, expect, it } from "vitest";
import { argon2 } from "../../../src/password/argon2.js";
import { hashPassword, verifyPassword } from "../../../src/password/password-hash.js";
import { formatPhc } from "../../../src/password/phc.js";

process.env.WRANGLER_SEND_METRICS = "false";
const root = resolve(import.meta.dirname, "../../..");

const script = `
  import { hashPassword, verifyPassword } from "./src/password/password-hash.ts";
  import { nativeCrypto } from "./src/crypto.ts";
  export default {
    async fetch(request) {
      const { password, stored, ln } = await request.json();
      if (ln === undefined) {
        const started = Date.now();
        const checked = await verifyPassword(stored, password);
        return Response.json({ checked, ms: Date.now() - started });
      }
      const params = { ln, r: 8, p: 1 };
      const started = Date.now();
      const made = await hashPassword(password, params);
      const ms = Date.now() - started;
      const checked = await verifyPassword(stored, password, params);
      return Response.json({ made, ms, checked, native: typeof nativeCrypto()?.scrypt === "function" });
    },
  };
`;

const workers: Miniflare[] = [];
afterAll(() => Promise.all(workers.map((w) => w.dispose())));

async function worker(flags: string[]): Promise<Miniflare> {
  const bundled = await build({
    stdin: { contents: script, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const mf = new Miniflare({ modules: true, script: bundled.outputFiles[0].text, compatibilityDate: "2025-09-01", compatibilityFlags: flags, cf: false });
  workers.push(mf);
  return mf;
}

describe.each([
  ["with nodejs_compat", ["nodejs_compat"], true],
  ["without nodejs_compat", [], false],
])("scrypt in workerd %s", (_label, flags, native) => {
  it.each([15, 17])("hashes at ln=%i as Node does, and verifies Node's hashes", async (ln) => {
    const password = "a passphrase hashed in workerd";
    const stored = await hashPassword(password, { ln, r: 8, p: 1 });
    const mf = await worker(flags);
    const run = async () => {
      const started = performance.now();
      const response = await mf.dispatchFetch("http://worker/", { method: "POST", body: JSON.stringify({ password, stored, ln }) });
      const result = (await response.json()) as { made: string; ms: number; checked: { ok: boolean }; native: boolean };
      // the request hashes once and verifies once: half its time is one hash
      return { ...result, wall: (performance.now() - started) / 2 };
    };
    await run();
    const result = await run();
    expect(result.native).toBe(native);
    expect(result.checked.ok).toBe(true);
    expect(result.made).toMatch(new RegExp(`^\\$scrypt\\$ln=${ln},r=8,p=1\\$`));
    expect((await verifyPassword(result.made, password, { ln, r: 8, p: 1 })).ok).toBe(true);
    console.info(
      `workerd ${_label}: one scrypt hash at ln=${ln}, r=8, p=1: ${result.ms} ms by the Worker's clock, ${result.wall.toFixed(0)} ms by the caller's (half a hash-and-verify request)`,
    );
  }, 120_000);
});

describe("argon2id in workerd, for imported hashes", () => {
  // OWASP's argon2id minimum, and RFC 9106's second recommended option
  it.each([
    { memory: 19_456, passes: 2, lanes: 1 },
    { memory: 65_536, passes: 3, lanes: 4 },
  ])("verifies a hash at m=$memory, t=$passes, p=$lanes as Node does, and what one verify costs on each", async (cost) => {
    const password = "a passphrase from another app";
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const params = { type: "argon2id", version: 0x13, ...cost } as const;
    const hash = await argon2(params, { password: new TextEncoder().encode(password), salt, tagLength: 32 });
    const stored = formatPhc({ id: "argon2id", params: { v: "19", m: String(cost.memory), t: String(cost.passes), p: String(cost.lanes) }, salt, hash });
    // each side verifies a wrong password first, so that the timed verify runs compiled code
    expect((await verifyPassword(stored, `${password}!`)).ok).toBe(false);
    const nodeStarted = performance.now();
    expect(await verifyPassword(stored, password)).toEqual({ ok: true, rehash: true });
    const nodeMs = performance.now() - nodeStarted;
    const mf = await worker([]);
    const run = async (attempt: string) => {
      const started = performance.now();
      const response = await mf.dispatchFetch("http://worker/", { method: "POST", body: JSON.stringify({ password: attempt, stored }) });
      return { ...((await response.json()) as { checked: { ok: boolean }; ms: number }), wall: performance.now() - started };
    };
    expect((await run(`${password}!`)).checked.ok).toBe(false);
    const result = await run(password);
    expect(result.checked.ok).toBe(true);
    console.info(
      `argon2id m=${cost.memory}, t=${cost.passes}, p=${cost.lanes}: one verify ${nodeMs.toFixed(0)} ms on Node; in workerd ${result.ms} ms by the Worker's clock, ${result.wall.toFixed(0)} ms by the caller's`,
    );
  }, 120_000);
});
