/**
 * jose verifies tokens from outside, and only the OpenID Connect method brings it: the core imports none of
 * it, and the method imports it dynamically, so session checks never load it.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");

/** The imports of jose that a bundle of `entry` keeps, with how each is made. */
async function joseImports(entry: string) {
  const { metafile } = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    packages: "external",
    jsx: "automatic",
    jsxImportSource: "hono/jsx",
    outfile: "out.mjs",
    metafile: true,
    logLevel: "error",
  });
  return Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.path === "jose" || entry.path.startsWith("jose/"));
}

describe("loading jose", () => {
  it("is no part of the core", async () => {
    expect(await joseImports("src/index.ts")).toEqual([]);
  }, 60_000);

  it("is a dynamic import of the OpenID Connect method, so session checks never load it", async () => {
    const imports = await joseImports("src/providers/google.ts");
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((entry) => entry.kind === "dynamic-import")).toBe(true);
  }, 60_000);
});
