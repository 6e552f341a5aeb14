import { AdapterError, MissingAdapter } from "../errors.js";
import type { ResolvedConfig } from "./types.js";
import type { Adapter, AdapterMethod } from "../adapters/types.js";

type Method<M extends AdapterMethod> = NonNullable<Adapter[M]>;

/**
 * An adapter method, bound, with failures wrapped in AdapterError naming the method.
 * A method the adapter lacks fails with an error naming it.
 */
export function adapterCall<M extends AdapterMethod>(config: ResolvedConfig, method: M): Method<M> {
  const adapter = config.adapter;
  if (!adapter)
    throw new MissingAdapter(`This operation needs an adapter (it calls ${method}). Set \`adapter\` in the configuration.`);
  const fn = adapter[method] as ((...args: unknown[]) => unknown) | undefined;
  if (typeof fn !== "function") {
    throw new AdapterError(`The adapter does not implement ${method}, which this operation needs. Add ${method} to the adapter.`);
  }
  return (async (...args: unknown[]) => {
    try {
      return await fn.apply(adapter, args);
    } catch (error) {
      throw new AdapterError(`The adapter's ${method} failed.`, { err: error as Error });
    }
  }) as Method<M>;
}
