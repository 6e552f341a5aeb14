import { serve } from "@hono/node-server";

export interface RunningServer {
  /** e.g. `http://127.0.0.1:54321` */
  url: string;
  close(): Promise<void>;
}

/** Serves `fetch` with @hono/node-server on 127.0.0.1, on a free port. */
export function startServer(fetch: (request: Request) => Response | Promise<Response>): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}
