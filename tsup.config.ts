import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, extname, resolve } from "node:path";
import type { Plugin } from "esbuild";
import { defineConfig } from "tsup";

/** Drivers and framework packages the user brings; never bundled. */
export const peerPackages = [
  "pg",
  "ioredis",
  "mysql2",
  "@libsql/client",
  "better-sqlite3",
  "nodemailer",
  "next",
  "@sveltejs/kit",
  "react",
  "svelte",
  "@simplewebauthn/browser",
];

/** Modules of a shim beyond its index, published as `sekisho/<shim>/<module>`. */
const shimSubmodules: Record<string, string> = {
  "sveltekit/client": "shims/sveltekit/client.ts",
};

/** Svelte components ship as source, for the app's Svelte compiler: copied to dist as they are. */
const copiedFolders: Record<string, string> = {
  "shims/sveltekit/components": "dist/sveltekit/components",
};

/** A provider module is a file in src/providers whose default export is the provider function. */
function providerEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync("src/providers").sort()) {
    if (!file.endsWith(".ts") || file.endsWith(".d.ts")) continue;
    const path = `src/providers/${file}`;
    if (/^export default\b/m.test(readFileSync(path, "utf8"))) entries[`providers/${basename(file, ".ts")}`] = path;
  }
  return entries;
}

/** An adapter module is a file in src/adapters that exports its `<Name>Adapter` function. */
function adapterEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync("src/adapters").sort()) {
    if (!file.endsWith(".ts") || file.endsWith(".d.ts")) continue;
    const path = `src/adapters/${file}`;
    if (/^export function \w+Adapter\(/m.test(readFileSync(path, "utf8"))) entries[`adapters/${basename(file, ".ts")}`] = path;
  }
  return entries;
}

/** `shims/<name>/index.ts` is `sekisho/<name>`: creating the file is all it takes to add a shim. */
function shimEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  const names = existsSync("shims") ? readdirSync("shims", { withFileTypes: true }).filter((d) => d.isDirectory()) : [];
  for (const { name } of names.sort((a, b) => a.name.localeCompare(b.name))) {
    if (existsSync(`shims/${name}/index.ts`)) entries[name] = `shims/${name}/index.ts`;
  }
  for (const [name, path] of Object.entries(shimSubmodules)) if (existsSync(path)) entries[name] = path;
  return entries;
}

/** Every module the package exports, keyed by its path under dist/ without the extension. */
export function moduleEntries(): Record<string, string> {
  return {
    index: "src/index.ts",
    jwt: "src/jwt.ts",
    // The second-factor feature: an app imports it to set `twoFactor`.
    "two-factor": "src/two-factor/index.ts",
    // Types only: where `@auth/core/types` has them.
    types: "src/auth-core-types.ts",
    testing: "src/testing.ts",
    locales: "pages/locales.ts",
    providers: "src/providers/index.ts",
    adapters: "src/adapters/index.ts",
    // Types only: where `@auth/core/providers/oauth` has them.
    "providers/oauth": "src/providers/oauth.ts",
    ...providerEntries(),
    ...adapterEntries(),
    ...shimEntries(),
  };
}

/**
 * Builds of modules for Edge runtimes, which package.json's "edge-light" condition selects (Next.js
 * middleware): `src/providers/edge-light/<name>-edge-light.ts` is `providers/<name>.edge-light`.
 */
export function edgeEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync("src/providers/edge-light").sort()) {
    entries[`providers/${basename(file, "-edge-light.ts")}.edge-light`] = `src/providers/edge-light/${file}`;
  }
  return entries;
}

/** Command-line programs, which package.json "bin" points at rather than "exports". */
export function binEntries(): Record<string, string> {
  return existsSync("src/cli/index.ts") ? { cli: "src/cli/index.ts" } : {};
}

export function entries(): Record<string, string> {
  return { ...moduleEntries(), ...edgeEntries(), ...binEntries() };
}

/** Entries that run in the browser: the only ones that do not load the core. */
export const browserEntries = ["client", "react", "webauthn", "sveltekit/client"];

/** Small helpers that many provider modules import: they go with the core, so that a provider module is one file. */
const providerHelpers = [
  "src/config/providers/logos.ts",
  ...["claims", "base-url", "token-response"].map((name) => `src/providers/${name}.ts`),
];

/**
 * Puts the core (every module `src/index.ts` imports) in one chunk. esbuild gives each module to the chunk of
 * the set of entries that reach it; with a hundred entries sharing different slices of the core, the core fell
 * into some twenty chunks, and Node pays for each file it loads (a few tenths of a millisecond on Node 20, more
 * on a busy machine, most of a cold start's difference). Here every server entry, and every module loaded with
 * `import()`, also imports `src/index.ts` at build time, and the core imports the provider helpers: every module
 * of the core is then reached by the same entries and lands in the same chunk, which those entries load anyway.
 * It is still one esbuild build, so each module is in exactly one file: one instance of it, whichever entry an
 * app imports it through.
 */
function coreInOneChunk(): Plugin {
  const missing = providerHelpers.filter((path) => !existsSync(path));
  if (missing.length > 0) throw new Error(`tsup.config.ts: providerHelpers names ${missing.join(", ")}, which no longer exist`);
  const core = resolve("src/index.ts");
  const addedImports = new Map([[core, providerHelpers.map((path) => resolve(path))]]);
  for (const [name, path] of Object.entries(entries())) {
    if (name !== "index" && !browserEntries.includes(name)) addedImports.set(resolve(path), [core]);
  }
  const lookingUp = Symbol("lookingUp");
  return {
    name: "core-in-one-chunk",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async ({ path, kind, importer, resolveDir, pluginData }) => {
        if (kind !== "dynamic-import" || pluginData === lookingUp) return undefined;
        const found = await build.resolve(path, { kind, importer, resolveDir, pluginData: lookingUp });
        if (found.errors.length === 0) addedImports.set(found.path, [core]);
        return undefined;
      });
      build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
        const added = addedImports.get(path);
        if (!added) return undefined;
        const source = await readFile(path, "utf8");
        const imports = added.map((module) => `import ${JSON.stringify(module)};`);
        return { contents: [source, ...imports].join("\n"), loader: extname(path) === ".tsx" ? "tsx" : "ts" };
      });
    },
  };
}

/** Whether a source file opens with the "use client" directive (React Server Components). */
export function isClientModule(path: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(readFileSync(path, "utf8"));
}

/** Bundling drops module-level directives; an entry whose source has "use client" gets it back. */
function restoreClientDirectives(): void {
  for (const [name, path] of Object.entries(entries())) {
    if (!isClientModule(path)) continue;
    const out = `dist/${name}.js`;
    writeFileSync(out, `"use client";\n${readFileSync(out, "utf8")}`);
  }
}

/**
 * dist is emptied and the copied folders put in place before the build starts, rather than with tsup's
 * `clean`, whose type build deletes every .d.ts in dist at a moment that races with `onSuccess`.
 */
export default defineConfig(() => {
  rmSync("dist", { recursive: true, force: true });
  for (const [from, to] of Object.entries(copiedFolders)) if (existsSync(from)) cpSync(from, to, { recursive: true });
  return {
    entry: entries(),
    format: ["esm"],
    target: "es2022",
    platform: "neutral",
    dts: true,
    clean: false,
    splitting: true,
    treeshake: true,
    sourcemap: false,
    // $app/* and $env/* are SvelteKit's virtual modules, provided by the app's build.
    external: [...peerPackages, /^node:/, /^\$app\//, /^\$env\//],
    esbuildPlugins: [coreInOneChunk()],
    onSuccess: async () => restoreClientDirectives(),
  };
});
