/** Cold start per library: a fresh Node process imports, builds and serves one jwt-session request. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { encode } from "../src/jwt.js";
import { median } from "./measure.js";
import { secret } from "./subjects.js";

const child = fileURLToPath(new URL("./cold-start-child.mjs", import.meta.url));

export async function coldStart(lib: "sekisho" | "reference", runs = 10): Promise<number> {
  const token = await encode({ token: { email: "cold@example.com" }, secret, salt: "authjs.session-token" });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [child, lib, token], { env: { ...process.env, BENCH_SECRET: secret }, encoding: "utf8" });
    times.push(Number(out));
  }
  return median(times);
}
