import { AdapterError, MissingAdapter } from "../errors.js";
import type { ResolvedConfig } from "./config-types.js";
import type { Adapter, AdapterMethod } from "../adapters/adapter-contract.js";

type Method<M extends AdapterMethod> = NonNullable<Adapter[M]>;

/** What a driver's error may keep on its way to the app's logger: what failed and where, never with what values. */
const describingFields = ["code", "errno", "sqlState", "severity", "schema", "table", "column", "constraint"] as const;

/**
 * The driver's error without the values it quotes: mysql2 keeps the SQL with the values written in (`sql`) and
 * MySQL names a duplicate's value in its message, pg a unique violation's value (`detail`), ioredis the
 * command's arguments (`command`). A session token is among them, and a logger that writes every field of an
 * error (pino, Sentry) would keep it.
 */
function withoutValues(error: unknown): Error {
  if (!(error instanceof Error)) return new Error("The adapter failed with a value that is not an Error.");
  const message = error.message.replace(/Duplicate entry '(?:[^'\\]|\\.)*'/, "Duplicate entry '…'");
  const copy = new Error(message) as Error & Record<string, unknown>;
  copy.name = error.name;
  const frames = error.stack?.indexOf("\n    at ") ?? -1;
  copy.stack = `${error.name}: ${message}${frames < 0 ? "" : error.stack?.slice(frames)}`;
  for (const field of describingFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") copy[field] = value;
  }
  return copy;
}

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
      throw new AdapterError(`The adapter's ${method} failed.`, { err: withoutValues(error) });
    }
  }) as Method<M>;
}
