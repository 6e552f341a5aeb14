import { EventError } from "../configuration-errors.js";
import type { EventCallbacks } from "./event-callbacks.js";
import type { ResolvedConfig } from "./resolved-config.js";

/** Runs an event handler. A handler that throws is logged and never breaks the flow. */
export async function emit<K extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined;
  if (!handler) return;
  try {
    await handler(message);
  } catch (error) {
    config.logger.error(new EventError(`The ${name} event handler threw.`, { err: error as Error }));
  }
}
