/** jose is loaded on the ID-token path only: the core imports it dynamically, never at module load. */
import { resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");

describe("loading jose", () => {
  it("is a dynamic import of the core, so session checks never load it", async () => {
    const { metafile } = await build({
      entryPoints: [resolve(root, "src/index.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      packages: "external",
      jsx: "automatic",
      jsxImportSource: "hono/jsx",
      outfile: "core.mjs",
      metafile: true,
      logLevel: "error",
    });
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports).filter((entry) => entry.path === "jose" || entry.path.startsWith("jose/"));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((entry) => entry.kind === "dynamic-import")).toBe(true);
  }, 60_000);
});
