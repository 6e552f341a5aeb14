/** The fake OAuth server's lifetime in a suite: one server for all its tests, closed with the apps served against it. */
import { afterAll, beforeAll } from "vitest";
import type { Transport } from "./auth-client.js";
import { startFakeOAuth, type FakeOAuth } from "./fake-oauth.js";
import { standIn } from "./stand-in.js";

export interface FakeOAuthSuite {
  /** Stands for the running server: its fields read and set as on the server itself. */
  fake: FakeOAuth;
  /** Apps the suite serves; closed after its last test, before the fake server. */
  servers: Transport[];
}

/** Starts a fake OAuth server before the calling suite's first test and closes it after its last. */
export function fakeOAuthForSuite(options: Parameters<typeof startFakeOAuth>[0] = {}): FakeOAuthSuite {
  let running: FakeOAuth | undefined;
  const servers: Transport[] = [];
  beforeAll(async () => {
    running = await startFakeOAuth(options);
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await running?.close();
  });
  const fake = standIn(() => {
    if (!running) throw new Error("the fake OAuth server runs only while the suite does");
    return running;
  });
  return { fake, servers };
}
