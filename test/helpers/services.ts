import { connect } from "node:net";
import { it } from "vitest";

/** The local services the integration suites talk to. */
export const services = {
  postgres: { host: "127.0.0.1", port: 5432, url: "postgres://postgres@127.0.0.1:5432/test" },
  mysql: { host: "127.0.0.1", port: 3306, url: "mysql://root@127.0.0.1:3306/test" },
  redis: { host: "127.0.0.1", port: 6379, url: "redis://127.0.0.1:6379" },
} as const;

export type ServiceKind = keyof typeof services;

/** Whether something accepts TCP connections on the service's port (or `{host, port}`) within `timeoutMs`. */
export function reachable(target: ServiceKind | { host: string; port: number }, timeoutMs = 1000): Promise<boolean> {
  const { host, port } = typeof target === "string" ? services[target] : target;
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once("connect", () => finish(true));
    socket.once("error", () => finish(false));
  });
}

/**
 * Registers the tests in `register` when the service is up. When it is down, CI (env `CI` set)
 * gets a failing test; a local run gets one passing test that says the suite did not run.
 */
export async function withService(kind: ServiceKind, register: () => void | Promise<void>): Promise<void> {
  if (await reachable(kind)) return register();
  const { host, port } = services[kind];
  if (process.env.CI) {
    it(`${kind} reachable`, () => {
      throw new Error(`${kind} is not reachable at ${host}:${port}`);
    });
    return;
  }
  console.log(`skipped: ${kind} not reachable`);
  it(`${kind} unreachable: skipped (set CI=1 to fail)`, () => {});
}
