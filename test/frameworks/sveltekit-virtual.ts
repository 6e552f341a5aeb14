/**
 * SvelteKit's virtual modules `$app/environment` and `$env/dynamic/private`, which only a SvelteKit build
 * provides: vitest.frameworks.config.ts points both here for sveltekit-shim.spec.ts. The environment is
 * empty and the mode is development, as `vite dev` would give with no `.env` file.
 */
export const dev = true;
export const building = false;
export const browser = false;
export const version = "test";
export const env: Record<string, string | undefined> = {};
