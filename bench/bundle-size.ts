/** Gzip bytes of a minimal Worker per library, bundled and minified with esbuild. */
import { build, type BuildOptions } from "esbuild";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

/** How a Worker is bundled for its size: one minified ES module for workerd, as wrangler would make it. */
export const workerBundle = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  conditions: ["workerd", "worker", "browser"],
  write: false,
  logLevel: "silent",
  jsx: "automatic",
  jsxImportSource: "hono/jsx",
} satisfies BuildOptions;

export async function bundleBytes(entry: "sekisho" | "reference"): Promise<{ minified: number; gzip: number }> {
  const result = await build({ ...workerBundle, entryPoints: [fileURLToPath(new URL(`./workers/${entry}.ts`, import.meta.url))] });
  const code = result.outputFiles[0].contents;
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}
