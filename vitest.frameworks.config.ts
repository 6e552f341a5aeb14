import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const sveltekitVirtual = fileURLToPath(new URL("test/frameworks/sveltekit-virtual.ts", import.meta.url));

/**
 * `npm run test:frameworks`: the example apps built with their frameworks (next build, vite build) and
 * driven in Chromium, and the SvelteKit shim on its own (SvelteKit's virtual modules come from
 * test/frameworks/sveltekit-virtual.ts). Builds are cached under .sekisho/frameworks by a hash of their
 * sources; the first run builds, later runs reuse. One file at a time: a framework build takes both cores.
 */
export default defineConfig({
  resolve: { alias: { "$app/environment": sveltekitVirtual, "$env/dynamic/private": sveltekitVirtual } },
  test: {
    include: ["test/frameworks/**/*.spec.ts"],
    testTimeout: 120_000,
    hookTimeout: 15 * 60_000,
    pool: "forks",
    fileParallelism: false,
  },
});
