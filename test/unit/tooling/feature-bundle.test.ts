import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { workerBundle } from "../../../bench/bundle-size.js";

/** The source files esbuild put into the bundle of `entry`, as the bench builds it. */
async function bundledFiles(entry: string): Promise<string[]> {
  const result = await build({ ...workerBundle, entryPoints: [entry], metafile: true });
  return Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
}

describe("the feature modules stay out of apps that do not import them", () => {
  it("a GitHub + JWT Worker carries no second-factor code (src/two-factor, its pages)", async () => {
    const files = await bundledFiles("bench/workers/sekisho.ts");
    expect(files).toContain("src/app/app.ts");
    const feature = /^src\/two-factor\/|^pages\/(two-factor-view|two-factor-page|totp-enrollment|totp-enrollment-page|backup-codes-page|account-factors)\.tsx?$/;
    expect(files.filter((file) => feature.test(file))).toEqual([]);
  }, 60_000);
});
