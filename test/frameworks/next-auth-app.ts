/**
 * test/frameworks/next-auth-app, a next-auth v5 app with only its imports changed, built against the
 * package as npm would install it: `npm run build`'s dist and package.json (exports, typesVersions),
 * copied into the app's node_modules/sekisho.
 *
 * Next.js 16 is the repository's own. An older Next.js is installed from the registry into its own folder,
 * `.sekisho/frameworks/toolchain-next<major>-<packages>/`, and the app is built inside that folder, so
 * Node's resolution finds that Next.js there before the repository's Next.js 16 (and typescript and the
 * rest in the repository, as a hoisted install would).
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { buildEnv, cacheRoot, cachedBuild, filesUnder, root, run, skipped, startServer } from "./apps.js";
import type { AppTarget } from "./example-suite.js";

const execFileAsync = promisify(execFile);
const appSource = join(root, "test/frameworks/next-auth-app");

/**
 * The Next.js releases the app is built with: the repository's 16, and the newest 15 and 14 the registry
 * serves here, each with the packages installed beside it. Next.js 14 takes React 18, where the
 * repository has 19; Next.js 15 uses the repository's React.
 */
const installs = {
  "16": [],
  "15": ["next@15.5.29"],
  "14": ["next@14.2.35", "react@18.3.1", "react-dom@18.3.1"],
} as const;
export type NextMajor = keyof typeof installs;

export function hashOf(paths: string[]): string {
  const hash = createHash("sha256");
  for (const file of paths.flatMap((path) => filesUnder(join(root, path)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** What `npm run build` reads, and package-lock.json for the tools it runs. */
const packageInputs = ["src", "pages", "shims", "migrations", "tsup.config.ts", "package.json", "package-lock.json", "tsconfig.json"];

/**
 * The package as published: dist and package.json. Built by tsup in a copy of the sources, so the
 * repository's own dist (which other suites build and read) is left alone.
 */
export function packedSekisho(): Promise<string> {
  return cachedBuild(cacheRoot, "package", hashOf(packageInputs), async (dir) => {
    const tree = join(dir, "tree");
    for (const input of packageInputs) cpSync(join(root, input), join(tree, input), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(tree, "node_modules"));
    await run([join(root, "node_modules/tsup/dist/cli-default.js")], tree, {});
    const published = join(dir, "sekisho");
    mkdirSync(published);
    renameSync(join(tree, "dist"), join(published, "dist"));
    cpSync(join(tree, "migrations"), join(published, "migrations"), { recursive: true });
    cpSync(join(tree, "package.json"), join(published, "package.json"));
  });
}

/** Where the app is built: the repository itself for Next.js 16, a folder with the older Next.js installed otherwise. */
function nextInstall(major: NextMajor): Promise<string> {
  const packages = installs[major];
  if (packages.length === 0) return Promise.resolve(root);
  return cachedBuild(cacheRoot, `toolchain-next${major}`, packages.join("+"), async (dir) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
    // What is not installed here (typescript, and react for 15) comes from the repository, one level up.
    const npm = ["install", "--no-save", "--no-package-lock", "--legacy-peer-deps", "--ignore-scripts", "--no-audit", "--no-fund"];
    await execFileAsync("npm", [...npm, ...packages], { cwd: dir });
  });
}

const nextBin = (install: string) => join(install, "node_modules/next/dist/bin/next");

/** The app built with `next build` under the given Next.js: its directory. */
async function builtNextAuthApp(major: NextMajor): Promise<string> {
  const install = await nextInstall(major);
  const packed = await packedSekisho();
  const hash = hashOf(["test/frameworks/next-auth-app", "test/frameworks/next-auth-app.ts"]) + packed.slice(-8);
  return cachedBuild(install === root ? cacheRoot : join(install, "apps"), `stock-next${major}`, hash, async (dir) => {
    cpSync(appSource, dir, { recursive: true, filter: (source) => !skipped.has(source.split("/").pop()!) });
    cpSync(join(packed, "sekisho"), join(dir, "node_modules/sekisho"), { recursive: true });
    await run([nextBin(install), "build", dir], dir, buildEnv);
  });
}

export function nextAuthApp(major: NextMajor): AppTarget {
  return {
    label: `test/frameworks/next-auth-app on Next.js ${major}`,
    build: () => builtNextAuthApp(major),
    start: async (dir, env, port) => {
      const install = await nextInstall(major);
      return startServer(`next-auth-app (Next.js ${major})`, (listen) => [nextBin(install), "start", dir, "-p", String(listen), "-H", "localhost"], dir, env, port);
    },
  };
}
