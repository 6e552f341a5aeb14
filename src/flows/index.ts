import type { ParsedProvider, ParsedProviderOf } from "../config/providers/provider-types.js";
import type { Flow } from "./flow.js";
import { methodOf } from "./sign-in-method.js";

/** The flow of the provider's sign-in method. */
export function flowFor<P extends ParsedProvider>(provider: P): Flow<ParsedProviderOf<P["type"]>> {
  return methodOf(provider) ?? {};
}
