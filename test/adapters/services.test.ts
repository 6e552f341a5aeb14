import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { reachable } from "../helpers/services.js";

function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.end());
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

describe("reachable", () => {
  it("is true for a port something listens on", async () => {
    const server = await listen();
    const { port } = server.address() as { port: number };
    try {
      expect(await reachable({ host: "127.0.0.1", port })).toBe(true);
    } finally {
      server.close();
    }
  });

  it("is false for a port nothing listens on", async () => {
    const server = await listen();
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    expect(await reachable({ host: "127.0.0.1", port })).toBe(false);
  });

  it("gives up after the timeout on a host that never answers", async () => {
    const started = Date.now();
    // 192.0.2.0/24 is reserved for documentation (RFC 5737) and routes nowhere
    expect(await reachable({ host: "192.0.2.1", port: 9 }, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
