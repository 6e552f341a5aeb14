/** Cold start per library: a fresh Node process imports, builds and serves one jwt-session request. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { encode } from "../src/jwt.js";
import { median } from "./measure.js";
import { secret, sessionCookieName } from "./subjects.js";

const child = fileURLToPath(new URL("./cold-start-child.mjs", import.meta.url));

/** Medians in milliseconds: the whole process (Node's boot, the same for both libraries, included) and the library's part. */
export interface ColdStart {
  processTotal: number;
  library: number;
}

export async function coldStart(lib: "sekisho" | "reference", runs = 10): Promise<ColdStart> {
  const token = await encode({ token: { email: "cold@example.com" }, secret, salt: sessionCookieName });
  const times: ColdStart[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [child, lib, token], { env: { ...process.env, BENCH_SECRET: secret }, encoding: "utf8" });
    times.push(JSON.parse(out) as ColdStart);
  }
  return { processTotal: median(times.map((t) => t.processTotal)), library: median(times.map((t) => t.library)) };
}
