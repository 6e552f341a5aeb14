/**
 * Apps written the way the reference's docs teach, with only their imports changed, type-check with zero
 * errors against sekisho's published declarations: a SvelteKit app under svelte-check
 * (test/frameworks/sveltekit-docs-app) and a next-auth app's `Session` augmentation under tsc
 * (test/frameworks/next-augmentation), and an app importing every type next-auth v5 and @auth/core export, with
 * Session, User, JWT and AdapterUser augmented (test/frameworks/next-auth-types). They sit beside a `node_modules/sekisho` made as the framework suite
 * makes it, inside the repository, so svelte, @sveltejs/kit and next resolve from its node_modules.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root, writePackage } from "../../frameworks/apps.js";

const exec = promisify(execFile);
const tools = join(root, ".sekisho/tools");
const svelteCheckVersion = "4.7.8";

/** svelte-check from the repository's node_modules, else installed once into .sekisho/tools. */
async function svelteCheck(): Promise<string> {
  for (const bin of [join(root, "node_modules/svelte-check/bin/svelte-check"), join(tools, "node_modules/svelte-check/bin/svelte-check")]) {
    if (existsSync(bin)) return bin;
  }
  mkdirSync(tools, { recursive: true });
  // svelte and typescript are peers: they resolve from the repository's node_modules, above .sekisho/tools
  await exec("npm", ["install", "--prefix", tools, "--no-save", "--no-package-lock", "--legacy-peer-deps", "--no-audit", "--no-fund", `svelte-check@${svelteCheckVersion}`]);
  return join(tools, "node_modules/svelte-check/bin/svelte-check");
}

/** Runs a Node program; resolves with its exit code and output, whatever the code. */
async function node(args: string[], cwd: string) {
  return exec(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}

let dir: string;

beforeAll(async () => {
  mkdirSync(join(root, ".sekisho"), { recursive: true });
  dir = mkdtempSync(join(root, ".sekisho/typecheck-"));
  await writePackage(dir);
  for (const app of ["sveltekit-docs-app", "next-augmentation", "next-auth-types"]) cpSync(join(root, "test/frameworks", app), join(dir, app), { recursive: true });
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("apps written from the reference's docs type-check", () => {
  it("a SvelteKit app: svelte-check reports 0 errors and 0 warnings", async () => {
    const app = join(dir, "sveltekit-docs-app");
    const synced = await node([join(root, "node_modules/@sveltejs/kit/svelte-kit.js"), "sync"], app);
    expect(synced.output).not.toMatch(/error/i);
    const { output } = await node([await svelteCheck(), "--workspace", app, "--output", "machine", "--tsconfig", "./tsconfig.json"], app);
    const completed = /COMPLETED (\d+) FILES (\d+) ERRORS (\d+) WARNINGS/.exec(output);
    expect(completed, output).not.toBeNull();
    const [, files, errors, warnings] = completed!.map(Number);
    expect(files).toBeGreaterThanOrEqual(10);
    expect({ errors, warnings }, output).toEqual({ errors: 0, warnings: 0 });
  }, 300_000);

  it.each(["next-augmentation", "next-auth-types"])("a next-auth app (%s), its augmentations and route handlers: tsc reports 0 errors", async (name) => {
    const { code, output } = await node([join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], join(dir, name));
    expect(output).toBe("");
    expect(code).toBe(0);
  }, 120_000);
});
