/**
 * A TCP proxy on 127.0.0.1 in front of a real server, that a test can cut and restore: a real outage
 * for whatever talks through it. Cut, it destroys every open connection and resets new ones at once.
 * `cutWhen` cuts at a precise point of a flow: as soon as the client sends bytes matching a pattern
 * (for PostgreSQL, the text of a statement), before they reach the server.
 */
import { createServer, connect, type Socket } from "node:net";

export interface TcpProxy {
  host: string;
  port: number;
  /** Destroys every open connection; new ones are reset until `restore`. */
  cut(): void;
  /** Lets connections through again, and drops a `cutWhen` still waiting. */
  restore(): void;
  /**
   * Cuts when the client next sends bytes whose latin1 text matches `pattern`; those bytes never reach
   * the server. Resolves with the matching text when that happens.
   */
  cutWhen(pattern: RegExp): Promise<string>;
  /** Whether a `cutWhen` is still waiting. */
  armed(): boolean;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let trigger: { pattern: RegExp; fire(text: string): void } | undefined;

  const cut = () => {
    down = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target);
    open.add(client).add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("data", (chunk: Buffer) => {
      const text = trigger ? chunk.toString("latin1") : "";
      if (trigger && trigger.pattern.test(text)) {
        const { fire } = trigger;
        trigger = undefined;
        cut();
        fire(text);
        return;
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  return {
    host: "127.0.0.1",
    port,
    cut,
    restore() {
      down = false;
      trigger = undefined;
    },
    cutWhen(pattern) {
      return new Promise((fire) => (trigger = { pattern, fire }));
    },
    armed: () => trigger !== undefined,
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
