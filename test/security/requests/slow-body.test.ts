/**
 * A POST whose body never finishes (a client that sends the headers and part of a form, then nothing) held the
 * route for as long as the server let the connection live: on a runtime without a request timeout, for good.
 * sekisho reads a body for at most `maxBodySeconds`, then answers 400. Driven through the core's `fetch` with a
 * `ReadableStream` that stalls; the clock is faked so the test does not wait half a minute.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { maxBodySeconds } from "../../../src/http/body.js";
import { localClient, makeAuth, origin } from "../../helpers/auth-client.js";

/** A body that sends `start` and then stalls, and whether the reader gave up on it. */
function stalling(start: string) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe("a request body that stalls", () => {
  afterEach(() => vi.useRealTimers());

  it.each(["/signout", "/callback/credentials", "/session"])("POST %s: a 400 once the body is late, and the stream is cancelled", async (path) => {
    const auth = makeAuth();
    const client = localClient(auth.fetch);
    const csrfToken = await client.csrfToken();
    const { body, state } = stalling(`csrfToken=${csrfToken}&username=alice&pass`);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const answer = auth.fetch(
      new Request(`${origin}/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: client.jar.header(), accept: "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync((maxBodySeconds - 1) * 1000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    const response = await answer;
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(state.cancelled).toBe(true);
  });
});
