import type { ProviderConfig } from "../providers/types.js";
import type { Flow } from "./flow.js";
import { methodOf } from "./method.js";

/** The flow of the provider's sign-in method. */
export function flowFor(provider: ProviderConfig): Flow {
  return methodOf(provider) ?? {};
}
