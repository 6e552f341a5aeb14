import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

export interface RecordedRequest {
  method: string;
  /** The host the provider meant to reach, e.g. `api.github.com`. */
  host: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
}

/** JSON answers keyed by `"METHOD host/path"`; anything else gets a 404. */
export type Answers = Record<string, unknown>;

export interface FakeApi {
  /** A fetch that sends every request to the fake API, with the original host as the first path segment. */
  fetch: typeof fetch;
  requests: RecordedRequest[];
  answer(answers: Answers): void;
  close(): Promise<void>;
}

/** Stands in for providers' APIs: a Hono app on 127.0.0.1 that answers from a table and records every request. */
export async function startFakeApi(): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  let answers: Answers = {};
  const app = new Hono();
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    const [, host, ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    requests.push({
      method: c.req.method,
      host,
      path,
      query: url.searchParams,
      headers: new Headers(c.req.raw.headers),
      body: await c.req.text(),
    });
    const key = `${c.req.method} ${host}${path}`;
    return key in answers ? c.json(answers[key] as object) : c.json({ message: "Not Found" }, 404);
  });
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
  });
  const rewrite = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return fetch(`http://127.0.0.1:${port}/${url.host}${url.pathname}${url.search}`, init);
  }) as typeof fetch;
  return {
    fetch: rewrite,
    requests,
    answer(next) {
      answers = next;
      requests.length = 0;
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
