import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { out: { log: (m: string) => lines.push(m), error: (m: string) => errors.push(m) }, lines, errors };
}

const dir = await mkdtemp(join(tmpdir(), "sekisho-cli-"));

describe("sekisho CLI", () => {
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("`migrate` applies the schema, then reports it up to date", async () => {
    const url = join(dir, "first.db");
    const first = capture();
    expect(await run(["migrate", "--adapter", "sqlite", "--url", url], first.out)).toBe(0);
    expect(first.lines).toEqual(["applied 0001_init"]);
    const second = capture();
    expect(await run(["migrate", "--adapter", "sqlite", "--url", url], second.out)).toBe(0);
    expect(second.lines).toEqual(["schema is up to date"]);
  });

  it("takes the URL from DATABASE_URL when --url is absent", async () => {
    const io = capture();
    expect(await run(["migrate", "--adapter", "sqlite"], io.out, { DATABASE_URL: join(dir, "env.db") })).toBe(0);
    expect(io.lines).toEqual(["applied 0001_init"]);
  });

  it.each([
    [["migrate", "--url", "x.db"], "--adapter must be one of"],
    [["migrate", "--adapter", "oracle", "--url", "x"], "--adapter must be one of"],
    [["migrate", "--adapter", "sqlite"], "--url is missing"],
    [["seed"], "Usage: sekisho migrate"],
    [["migrate", "--adapter", "sqlite", "--verbose"], "Unknown option"],
  ])("refuses %j with exit code 2", async (args, message) => {
    const io = capture();
    expect(await run(args, io.out, {})).toBe(2);
    expect(io.errors.join("\n")).toContain(message);
  });

  it("reports a failed migration without echoing the URL", async () => {
    const io = capture();
    const url = "postgres://someone:hunter2@127.0.0.1:1/nowhere";
    expect(await run(["migrate", "--adapter", "postgres", "--url", url], io.out)).toBe(1);
    expect(io.errors.join("\n")).toMatch(/^migration failed: /);
    expect(io.errors.join("\n")).not.toContain("hunter2");
  });

  it("runs as a program: src/cli/index.ts", async () => {
    const url = join(dir, "program.db");
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import", "tsx", "src/cli/index.ts", "migrate", "--adapter", "sqlite", "--url", url,
    ]);
    expect(stdout.trim()).toBe("applied 0001_init");
  });
});
