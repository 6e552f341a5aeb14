/**
 * Sustained HTTP load from this process against a server in another one, with autocannon: keep-alive
 * connections, each sending the next request as soon as the last answer arrived. Every answer is checked;
 * a wrong one counts as an error, like a failed connection or a timeout.
 */
import autocannon from "autocannon";

export interface LoadRequest {
  method?: "GET" | "POST";
  /** Path and query, e.g. `/auth/session`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whether an answer is the right one. Header names are lower-cased. */
  check(status: number, headers: Record<string, string>, body: string): boolean;
}

export interface LoadShape {
  seconds: number;
  connections: number;
}

export interface LoadResult extends LoadShape {
  requests: number;
  requestsPerSecond: number;
  /** `mean` follows from the throughput (connections ÷ requests per second); the percentiles are whole milliseconds. */
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Connection errors, timeouts and wrong answers. */
  errors: number;
  wrongAnswers: number;
  statusCodes: Record<string, number>;
  /** The first wrong answer, to say what went wrong. */
  firstWrong?: { status: number; location?: string; body: string };
}

/** Each connection has one request in flight at all times, so the mean latency is connections ÷ throughput. */
export function meanLatency(connections: number, requestsPerSecond: number): number {
  return Math.round((connections / requestsPerSecond) * 100_000) / 100;
}

export async function runLoad(url: string, request: LoadRequest, shape: LoadShape): Promise<LoadResult> {
  let wrongAnswers = 0;
  let firstWrong: LoadResult["firstWrong"];
  const onResponse = (status: number, body: string, _context: unknown, raw: Record<string, string | string[]>) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    if (request.check(status, headers, body)) return;
    wrongAnswers++;
    firstWrong ??= { status, location: headers.location, body: body.slice(0, 300) };
  };
  const result = await autocannon({
    url,
    connections: shape.connections,
    duration: shape.seconds,
    timeout: 10,
    requests: [{ method: request.method ?? "GET", path: request.path, headers: request.headers, body: request.body, onResponse }],
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
  const requests = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    ...shape,
    requests,
    requestsPerSecond: Math.round(requests / result.duration),
    latencyMs: { mean: meanLatency(shape.connections, requests / result.duration), p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors + wrongAnswers,
    wrongAnswers,
    statusCodes,
    ...(firstWrong ? { firstWrong } : {}),
  };
}
