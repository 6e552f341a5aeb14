/**
 * The password hash in workerd (Miniflare): the same PHC strings as on Node, with node:crypto's scrypt under
 * nodejs_compat and the JavaScript scrypt without it, and what one hash costs on each.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../../src/password/password-hash.js";

process.env.WRANGLER_SEND_METRICS = "false";
const root = resolve(import.meta.dirname, "../../..");

const script = `
  import { hashPassword, verifyPassword } from "./src/password/password-hash.ts";
  import { nativeCrypto } from "./src/crypto.ts";
  export default {
    async fetch(request) {
      const { password, stored, ln } = await request.json();
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
