/**
 * createAuth as the Next.js and SvelteKit entries call it: with every built-in sign-in method, so providers
 * written as plain objects (`{ type: "oidc", ... }`) work as under Auth.js. The core alone gives a plain object
 * only OAuth's method; the tests of plain OIDC, email and credentials providers build their instance here.
 */
import { createAuth as createCoreAuth } from "../../src/index.js";
import { signInMethods } from "../../src/providers/index.js";

export function createAuth(...[config, options]: Parameters<typeof createCoreAuth>): ReturnType<typeof createCoreAuth> {
  return createCoreAuth(config, { methods: signInMethods, ...options });
}
