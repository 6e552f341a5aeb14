/** Cold start per library: a fresh Node process imports, builds and serves one jwt-session request. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { encode } from "./built-package.js";
import { median } from "./measure.js";
import { secret, sessionCookieName } from "./subjects.js";

const child = fileURLToPath(new URL("./cold-start-child.mjs", import.meta.url));

/** Medians in milliseconds: the whole process (Node's boot, the same for both libraries, included) and the library's part. */
export interface ColdStart {
  processTotal: number;
  library: number;
}

type Library = "sekisho" | "reference";

/**
 * Both libraries' cold starts, run by run in turn (sekisho, reference, sekisho, ...), so that load that comes
 * and goes on the machine falls on both alike rather than on whichever block of runs it met.
 */
export async function coldStarts(runs = 20): Promise<Record<Library, ColdStart>> {
  const token = await encode({ token: { email: "cold@example.com" }, secret, salt: sessionCookieName });
  const times: Record<Library, ColdStart[]> = { sekisho: [], reference: [] };
  for (let i = 0; i < runs; i++) {
    for (const lib of ["sekisho", "reference"] as const) {
      const out = execFileSync(process.execPath, [child, lib, token], { env: { ...process.env, BENCH_SECRET: secret }, encoding: "utf8" });
      times[lib].push(JSON.parse(out) as ColdStart);
    }
  }
  const medians = (list: ColdStart[]) => ({ processTotal: median(list.map((t) => t.processTotal)), library: median(list.map((t) => t.library)) });
  return { sekisho: medians(times.sekisho), reference: medians(times.reference) };
}
