/**
 * `sekisho migrate|purge` print the driver's message when the database refuses, never the connection URL,
 * which may hold a password (a terminal, a CI log). @libsql/client quotes the URL it fetched in its message,
 * userinfo and all: "Request cannot be constructed from a URL that includes credentials: http://u:…@host/v2/pipeline".
 */
import { describe, expect, it } from "vitest";
import { run } from "../../../src/cli/run.js";

async function failure(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await run(args, { log: (line) => void lines.push(line), error: (line) => void lines.push(line) });
  return { code, output: lines.join("\n") };
}

describe("the CLI's error line", () => {
  it.each([
    ["libsql://someone:%s@127.0.0.1:1/db?tls=0"],
    ["http://someone:%s@127.0.0.1:1"],
    ["https://someone:%s@127.0.0.1:1/db"],
  ])("leaves out the password of a libSQL URL: %s", async (template) => {
    const password = "hunter2-Pa55-f0r-the-db";
    for (const command of ["migrate", "purge"]) {
      const { code, output } = await failure([command, "--adapter", "sqlite", "--url", template.replace("%s", password)]);
      expect(code).toBe(1);
      // the driver's reason is still there, without the secret
      expect(output).toMatch(/^(migration|purge) failed: .*credentials/);
      expect(output).not.toContain(password);
    }
  });

  it("leaves out a password that the URL percent-encodes", async () => {
    const { output } = await failure(["migrate", "--adapter", "sqlite", "--url", "http://someone:p%40ss%2Fw0rd-xyz@127.0.0.1:1"]);
    expect(output).toMatch(/^migration failed: /);
    expect(output).not.toMatch(/p%40ss%2Fw0rd-xyz|p@ss\/w0rd-xyz/);
  });
});
