import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiReport, reportPath, updateCommand } from "../../../scripts/api-report.js";

/** The report's sections (one per entry) by heading. */
function sections(report: string): Map<string, string[]> {
  const byHeading = new Map<string, string[]>();
  let heading = "";
  for (const line of report.split("\n")) {
    if (line.startsWith("## ")) heading = line;
    byHeading.set(heading, [...(byHeading.get(heading) ?? []), line]);
  }
  return byHeading;
}

/** Per entry, the lines only the committed report has (-) and those only the source gives (+). */
function differences(committed: string, generated: string): string[] {
  const before = sections(committed);
  const after = sections(generated);
  const out: string[] = [];
  for (const heading of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(heading) ?? [];
    const now = after.get(heading) ?? [];
    const removed = old.filter((line) => !now.includes(line)).map((line) => `- ${line}`);
    const added = now.filter((line) => !old.includes(line)).map((line) => `+ ${line}`);
    if (removed.length || added.length || old.length !== now.length) out.push(heading || "(header)", ...removed, ...added);
  }
  return out;
}

describe("the public API report", () => {
  it("matches the entries' declarations: a change to the public surface is deliberate", () => {
    const generated = apiReport();
    const committed = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "";
    if (generated !== committed) {
      const shown = differences(committed, generated).slice(0, 80).join("\n");
      expect.fail(`The public API differs from etc/sekisho.api.md:\n${shown}\n\nIf the change is deliberate, run: ${updateCommand}`);
    }
  }, 180_000);
});
