/**
 * The demo's dev mailbox shows every sign-in link and code it "sent". Bound to loopback, it answered any Host:
 * a page on another site whose name the attacker points at 127.0.0.1 (DNS rebinding) is same-origin with the
 * demo and read the mailbox. Listening beyond loopback, anyone on the network could read it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { getWithHost, npmStart } from "./fixtures.js";

const runs: Array<ReturnType<typeof npmStart>> = [];
afterAll(() => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill();
});

function start(env: Record<string, string>) {
  const run = npmStart(env);
  runs.push(run);
  return run.port();
}

describe("the demo's dev mailbox", () => {
  it("on loopback, answers only requests that name a loopback host", async () => {
    const port = await start({ HOST: "127.0.0.1" });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await getWithHost(port, host, "/dev/mailbox")).status, host).toBe(200);
    }
    for (const host of [`rebind.evil.test:${port}`, "rebind.evil.test", `127.0.0.1.evil.test:${port}`, `localhost.evil.test:${port}`]) {
      for (const path of ["/dev/mailbox", "/auth/csrf", "/"]) {
        const answer = await getWithHost(port, host, path);
        expect(answer.status, `${host}${path}`).toBe(403);
        expect(answer.body).not.toMatch(/csrfToken|Mailbox/);
      }
    }
  }, 30_000);

  it("is not served when the demo listens beyond loopback", async () => {
    const port = await start({ HOST: "0.0.0.0", AUTH_SECRET: "dns-rebinding-test-secret-0123456789abcdef" });
    expect((await getWithHost(port, `localhost:${port}`, "/dev/mailbox")).status).toBe(404);
    const home = await getWithHost(port, `192.168.1.10:${port}`, "/");
    expect(home.status).toBe(200);
    expect(home.body).not.toContain("/dev/mailbox");
  }, 30_000);
});
