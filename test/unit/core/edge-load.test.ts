/**
 * Every module a Next.js middleware may import loads in an environment like Next's Edge sandbox, where
 * each `process` function and each Node-only global throws when called: nothing in sekisho touches a
 * Node-only API while loading. (The sandbox's list of stubbed globals is read from Next.js itself.)
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { edgeEntries, moduleEntries } from "../../../tsup.config.js";

const root = resolve(import.meta.dirname, "../../..");
const { EDGE_UNSUPPORTED_NODE_APIS } = createRequire(import.meta.url)("next/dist/shared/lib/constants") as { EDGE_UNSUPPORTED_NODE_APIS: string[] };

// SvelteKit's shim loads its framework's virtual modules ($app/*), which exist only inside a SvelteKit build.
const loaded = Object.entries({ ...moduleEntries(), ...edgeEntries() }).filter(([name]) => !name.startsWith("sveltekit"));

/** Installed before any module loads, as Next's sandbox does: `process.env` stays, every process function throws. */
const sandbox = (stubbed: string[]) => `
  const unsupported = (name) => () => { throw new Error("A Node.js API is used (" + name + ") which is not supported in the Edge Runtime."); };
  const polyfill = { env: { ...process.env } };
  for (const key of Object.keys(process)) {
    if (key === "env") continue;
    const real = process[key];
    Object.defineProperty(polyfill, key, { get: () => (typeof real === "function" ? unsupported("process." + key) : undefined) });
  }
  for (const name of ${JSON.stringify(stubbed)}) Object.defineProperty(globalThis, name, { get: () => unsupported(name), configurable: true });
  const print = console.log.bind(console);
  globalThis.process = polyfill;
`;

const scratch = mkdtempSync(join(root, ".sekisho-edge-load-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("loading sekisho in an Edge sandbox", () => {
  it("touches no Node-only API in any module a middleware may import", async () => {
    await build({
      entryPoints: Object.fromEntries(loaded.map(([name, source]) => [name, join(root, source)])),
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      packages: "external",
      jsx: "automatic",
      jsxImportSource: "hono/jsx",
      outdir: scratch,
      outExtension: { ".js": ".mjs" },
      logLevel: "error",
    });
    const script = `${sandbox(EDGE_UNSUPPORTED_NODE_APIS)}
      const failures = {};
      for (const name of ${JSON.stringify(loaded.map(([name]) => name))}) {
        try { await import(${JSON.stringify(`${scratch}/`)} + name + ".mjs"); } catch (error) { failures[name] = String(error.message).split("\\n")[0]; }
      }
      print(JSON.stringify(failures));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({});
  }, 120_000);
});
