/**
 * `sekisho codemod`: run on copies of small apps written against next-auth 4, next-auth 5 and @auth/sveltekit
 * (./fixtures/<app>/before), each file must come out as ./fixtures/<app>/after, and what it cannot move is
 * listed by file and line. Fixture files carry a `.fixture` suffix so that the project's type check leaves
 * them alone; the copies lose it.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { codemodNotes } from "../../../src/cli/codemod-notes.js";
import { run } from "../../../src/cli/run.js";

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
const scratch = await mkdtemp(join(tmpdir(), "sekisho-codemod-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every file under `dir` by its path relative to it, without the `.fixture` suffix. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files = await walk(dir);
  const pairs = await Promise.all(files.map(async (path) => [relative(dir, path).replace(/\.fixture$/, ""), await readFile(path, "utf8")]));
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

/** A copy of the app's `before` folder, with the files under their real names. */
async function copyOf(app: string): Promise<string> {
  const dir = await mkdtemp(join(scratch, `${app}-`));
  await cp(join(fixtures, app, "before"), dir, { recursive: true });
  for (const path of await walk(dir)) if (path.endsWith(".fixture")) await rename(path, path.slice(0, -".fixture".length));
  return dir;
}

async function codemod(...args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await run(["codemod", ...args], { log: (line) => lines.push(line), error: (line) => errors.push(line) });
  return { code, lines, errors };
}

/** The "file:line" of each place the run left for the developer. */
const placesIn = (lines: string[]) =>
  lines
    .filter((line) => /^\S+:\d+: /.test(line))
    .map((line) => line.slice(0, line.indexOf(": ")))
    .sort();

const v4Places = [
  "middleware.ts:1",
  "middleware.ts:3",
  "pages/api/auth/[...nextauth].ts:15",
  "pages/api/auth/[...nextauth].ts:4",
  "pages/index.tsx:12",
];

describe("sekisho codemod", () => {
  it("a next-auth 4 app: imports moved, and getServerSession, withAuth, the API route and the adapter package listed", async () => {
    const dir = await copyOf("next-auth-4");
    const { code, lines } = await codemod(dir);
    expect(code).toBe(0);
    expect(await contents(dir)).toEqual(await contents(join(fixtures, "next-auth-4", "after")));
    expect(lines.filter((line) => line.startsWith("rewrote ")).sort()).toEqual([
      "rewrote pages/api/auth/[...nextauth].ts (3 imports)",
      "rewrote pages/api/me.ts (1 import)",
      "rewrote pages/index.tsx (2 imports)",
      "rewrote types/next-auth.d.ts (2 imports)",
    ]);
    expect(placesIn(lines)).toEqual(v4Places);
    const find = (place: string) => lines.find((line) => line.startsWith(`${place}: `));
    expect(find("pages/index.tsx:12")).toMatch(/getServerSession .*auth\(\)/);
    expect(find("middleware.ts:3")).toMatch(/export \{ auth as middleware \}.*callbacks\.authorized/);
    expect(find("pages/api/auth/[...nextauth].ts:15")).toMatch(/app\/api\/auth\/\[\.\.\.nextauth\]\/route\.ts/);
    expect(find("pages/api/auth/[...nextauth].ts:4")).toMatch(/@auth\/x-adapter/);
    expect(lines.at(-1)).toBe("4 files rewritten; 5 places left for you");
  });

  it("is idempotent: a second run changes nothing and lists the same places", async () => {
    const dir = await copyOf("next-auth-4");
    await codemod(dir);
    const once = await contents(dir);
    const { lines } = await codemod(dir);
    expect(await contents(dir)).toEqual(once);
    expect(lines.filter((line) => line.startsWith("rewrote "))).toEqual([]);
    expect(placesIn(lines)).toEqual(v4Places);
    expect(lines.at(-1)).toBe("0 files rewritten; 5 places left for you");
  });

  it("--dry-run says what it would rewrite and writes nothing", async () => {
    const dir = await copyOf("next-auth-4");
    const before = await contents(dir);
    const { code, lines } = await codemod(dir, "--dry-run");
    expect(code).toBe(0);
    expect(await contents(dir)).toEqual(before);
    expect(lines).toContain("would rewrite pages/index.tsx (2 imports)");
    expect(lines.at(-1)).toBe("4 files would be rewritten; 5 places left for you");
  });

  it("a next-auth 5 app: every import moved (types, augmentation, dynamic import, webauthn, @auth/core), nothing left", async () => {
    const dir = await copyOf("next-auth-5");
    const { lines } = await codemod(dir);
    expect(await contents(dir)).toEqual(await contents(join(fixtures, "next-auth-5", "after")));
    expect(placesIn(lines)).toEqual([]);
    expect(lines.at(-1)).toBe("4 files rewritten; 0 places left for you");
  });

  it("an @auth/sveltekit app, .svelte files included", async () => {
    const dir = await copyOf("sveltekit");
    const { lines } = await codemod(dir);
    expect(await contents(dir)).toEqual(await contents(join(fixtures, "sveltekit", "after")));
    expect(lines.at(-1)).toBe("2 files rewritten; 0 places left for you");
  });

  it("leaves node_modules and build output alone", async () => {
    const dir = await copyOf("sveltekit");
    const vendored = join(dir, "node_modules", "next-auth", "index.js");
    const built = join(dir, ".svelte-kit", "output", "auth.js");
    for (const path of [vendored, built]) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, 'module.exports = require("next-auth/jwt");\n');
    }
    await codemod(dir);
    expect(await readFile(vendored, "utf8")).toBe('module.exports = require("next-auth/jwt");\n');
    expect(await readFile(built, "utf8")).toBe('module.exports = require("next-auth/jwt");\n');
  });

  it("a folder that does not exist is a usage error naming it", async () => {
    const missing = join(scratch, "no-such-app");
    const { code, lines } = await codemod(missing);
    expect(code).toBe(2);
    expect(lines.join("\n")).toContain(`${missing} is not a folder`);
  });

  it("next-auth 4's middleware re-export stays, and is listed", () => {
    const source = 'export { default } from "next-auth/middleware"\nexport const config = { matcher: ["/dashboard"] }\n';
    expect(codemodNotes("middleware.ts", source)).toEqual([{ line: 1, message: expect.stringContaining("callbacks.authorized") }]);
  });
});
