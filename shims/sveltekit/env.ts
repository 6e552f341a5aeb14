import { building, dev } from "$app/environment";
import { env as privateEnv } from "$env/dynamic/private";
import type { CreateAuthOptions } from "../../src/internal.js";

type Env = NonNullable<CreateAuthOptions["env"]>;

/**
 * The environment sekisho reads in SvelteKit: `$env/dynamic/private` (which includes `.env` files in
 * development), with NODE_ENV following SvelteKit's own idea of dev and production unless it is set.
 */
export function svelteKitEnv(): Env {
  return { NODE_ENV: dev ? "development" : "production", ...privateEnv };
}

/** True while `vite build` runs the app's code, when the runtime environment is usually not there yet. */
export const isBuilding = building;
