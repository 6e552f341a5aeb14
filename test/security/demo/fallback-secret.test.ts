/**
 * Finding 12: the demo's fixed development secret is public, so anyone could mint sessions for a demo that
 * runs on it. The demo uses it only on a loopback address outside production, and otherwise refuses to
 * start, in one line that names AUTH_SECRET.
 */
import { describe, expect, it } from "vitest";
import { DemoSecretError, demoSecret } from "../../../examples/demo/auth.js";
import { npmStart } from "./fixtures.js";

/** `npm start` with `env`; resolves with how it exited, or "running" if it still runs after `waitMs`. */
async function npmStartExit(env: Record<string, string>, waitMs = 20_000): Promise<{ code: number | null | "running"; stdout: string; stderr: string }> {
  const run = npmStart(env);
  let timer: NodeJS.Timeout | undefined;
  const running = new Promise<"running">((resolve) => (timer = setTimeout(() => resolve("running"), waitMs)));
  const code = await Promise.race([run.exited, running]);
  clearTimeout(timer);
  if (code === "running") run.child.kill();
  return { code, ...run.output() };
}

describe("the demo's fallback secret", () => {
  const quiet = () => {};

  it.each(["localhost", "127.0.0.1", "::1"])("is used on %s outside production, with a warning", (host) => {
    const warnings: string[] = [];
    expect(demoSecret({}, host, (line) => void warnings.push(line))).toMatch(/development/);
    expect(warnings.join("\n")).toContain("AUTH_SECRET");
  });

  it.each(["0.0.0.0", "::", "192.168.1.10", "demo.example.com"])("is refused on %s, which others can reach", (host) => {
    expect(() => demoSecret({}, host, quiet)).toThrow(DemoSecretError);
    expect(() => demoSecret({}, host, quiet)).toThrow(/AUTH_SECRET/);
  });

  it("is refused when NODE_ENV=production, even on localhost", () => {
    expect(() => demoSecret({ NODE_ENV: "production" }, "localhost", quiet)).toThrow(/NODE_ENV=production/);
    expect(() => demoSecret({ NODE_ENV: "production" }, "localhost", quiet)).toThrow(/Set AUTH_SECRET/);
  });

  it("AUTH_SECRET is used wherever the demo listens", () => {
    expect(demoSecret({ AUTH_SECRET: "a-real-secret-0123456789abcdefghijklmn", NODE_ENV: "production" }, "0.0.0.0", quiet)).toBe(
      "a-real-secret-0123456789abcdefghijklmn",
    );
  });

  it.each([
    ["HOST=0.0.0.0", { HOST: "0.0.0.0" }],
    ["NODE_ENV=production", { NODE_ENV: "production" }],
  ])("npm start with %s and no AUTH_SECRET exits 1 with one line naming AUTH_SECRET, before serving", async (_label, env) => {
    const run = await npmStartExit(env);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/running at/);
    // oidc-provider warns about Node 20 when the demo's IdP module loads; that line is not the demo's.
    const lines = run.stderr.trim().split("\n").filter((line) => !line.startsWith("oidc-provider WARNING"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sekisho demo: AUTH_SECRET is not set.*Set AUTH_SECRET/);
  }, 30_000);
});
