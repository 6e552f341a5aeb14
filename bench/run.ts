/**
 * sekisho against the reference (@auth/core) in one run, on the same machine and the same requests.
 * Rounds alternate which library goes first; each ratio is the median of per-round ratios.
 * `npm run bench` (builds first, for the cold start). Writes bench/results/latest.json.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundleBytes } from "./bundle-size.js";
import { coldStarts, type ColdStart } from "./cold-start.js";
import { buildFloors } from "./floors.js";
import { concurrent, countCryptoCalls, median, sequential, warmUp, type RunStats } from "./measure.js";
import { buildScenarios } from "./scenarios.js";

const quick = process.argv.includes("--quick");
/** `--only=csrf,signin-page` measures just those scenarios and skips cold start, bundle and the JSON file. */
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
const rounds = quick ? 2 : 5;
const iterations = quick ? 100 : 400;
const concurrency = 16;
/** Each subject of each scenario runs at least 50 times and this long before it is timed. */
const warmUpMs = quick ? 200 : 500;

interface Row {
  scenario: string;
  /** Calls in flight for the concurrent figures. */
  concurrency: number;
  sekisho: { sequential: RunStats; concurrent: RunStats; cryptoCalls: number; setCookies: number };
  reference: { sequential: RunStats; concurrent: RunStats; cryptoCalls: number; setCookies: number };
  ratio: { sequential: number; concurrent: number };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const rows: Row[] = [];
  const built = await buildScenarios();
  const scenarios = built.filter((s) => !only || only.includes(s.name));
  for (const scenario of scenarios) {
    const [a, b] = scenario.subjects;
    const inFlight = scenario.concurrency ?? concurrency;
    for (const subject of [a, b]) await warmUp(() => scenario.run(subject), 50, warmUpMs);
    const seq: Record<string, RunStats[]> = { sekisho: [], reference: [] };
    const con: Record<string, RunStats[]> = { sekisho: [], reference: [] };
    for (let round = 0; round < rounds; round++) {
      for (const subject of round % 2 ? [b, a] : [a, b]) {
        seq[subject.name].push(await sequential(() => scenario.run(subject), iterations));
        con[subject.name].push(await concurrent(() => scenario.run(subject), iterations, inFlight));
      }
    }
    const summarize = (runs: RunStats[]): RunStats => ({
      opsPerSecond: median(runs.map((r) => r.opsPerSecond)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
    });
    const perRequest = async (subject: typeof a) => {
      let response: Response | undefined;
      const cryptoCalls = await countCryptoCalls(async () => void (response = await scenario.run(subject)));
      return { cryptoCalls, setCookies: response?.headers.getSetCookie().length ?? 0 };
    };
    const ratio = (runs: Record<string, RunStats[]>) => median(runs.sekisho.map((s, i) => s.opsPerSecond / runs.reference[i].opsPerSecond));
    rows.push({
      scenario: scenario.name,
      concurrency: inFlight,
      sekisho: { sequential: summarize(seq.sekisho), concurrent: summarize(con.sekisho), ...(await perRequest(a)) },
      reference: { sequential: summarize(seq.reference), concurrent: summarize(con.reference), ...(await perRequest(b)) },
      ratio: { sequential: ratio(seq), concurrent: ratio(con) },
    });
    console.error(`measured ${scenario.name}`);
  }
  if (only) {
    for (const scenario of built) scenario.close?.();
    for (const r of rows) console.log(`${r.scenario}: ${fmt(r.ratio.sequential, 2)}× (${fmt(r.ratio.concurrent, 2)}× @${r.concurrency}), sekisho ${fmt(r.sekisho.sequential.opsPerSecond)} ops/s`);
    return;
  }
  const floors: Record<string, RunStats> = {};
  const floorRuns = await buildFloors();
  for (const [name, run] of Object.entries(floorRuns)) {
    await warmUp(run, 50, warmUpMs);
    floors[name] = await sequential(run, iterations * rounds);
  }
  // Like the library ratios, jwt-session and its floor are timed round by round, alternating, so a machine
  // that slows down during the run moves both sides of each ratio.
  const jwtScenario = built.find((s) => s.name === "jwt-session")!;
  const paired = { floor: floorRuns["raw Hono + one cached-key decrypt"], jwt: () => jwtScenario.run(jwtScenario.subjects[0]) };
  const pairedOps = { floor: [] as number[], jwt: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? (["jwt", "floor"] as const) : (["floor", "jwt"] as const)) {
      pairedOps[name].push((await sequential(paired[name], iterations)).opsPerSecond);
    }
  }
  const floorRatio = median(pairedOps.floor.map((floor, i) => floor / pairedOps.jwt[i]));
  for (const scenario of built) scenario.close?.();

  const coldRuns = quick ? 3 : 20;
  const cold = await coldStarts(coldRuns);
  const bundle = { sekisho: await bundleBytes("sekisho"), reference: await bundleBytes("reference") };

  const coldStartRow = (label: string, part: keyof ColdStart) =>
    `| cold start, ${label} (median of ${coldRuns}), ms | ${fmt(cold.sekisho[part], 1)} | ${fmt(cold.reference[part], 1)} | ${fmt(cold.sekisho[part] / cold.reference[part], 2)}× |`;
  const atOwnConcurrency = (r: Row) => (r.concurrency === concurrency ? "" : ` @${r.concurrency}`);
  const lines = [
    `| scenario | sekisho ops/s | reference ops/s | ratio | sekisho ops/s @${concurrency} | reference ops/s @${concurrency} | ratio @${concurrency} | p50 / p99 ms sekisho | p50 / p99 ms reference | crypto calls s / r | Set-Cookie s / r |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map((r) =>
      `| ${r.scenario} | ${fmt(r.sekisho.sequential.opsPerSecond)} | ${fmt(r.reference.sequential.opsPerSecond)} | **${fmt(r.ratio.sequential, 1)}×** | ${fmt(r.sekisho.concurrent.opsPerSecond)}${atOwnConcurrency(r)} | ${fmt(r.reference.concurrent.opsPerSecond)}${atOwnConcurrency(r)} | **${fmt(r.ratio.concurrent, 1)}×**${atOwnConcurrency(r)} | ${fmt(r.sekisho.sequential.p50, 3)} / ${fmt(r.sekisho.sequential.p99, 3)} | ${fmt(r.reference.sequential.p50, 3)} / ${fmt(r.reference.sequential.p99, 3)} | ${r.sekisho.cryptoCalls} / ${r.reference.cryptoCalls} | ${r.sekisho.setCookies} / ${r.reference.setCookies} |`),
    ...scenarios.flatMap((s) => (s.note ? ["", `${s.name}: ${s.note}`] : [])),
    "",
    `| floor | ops/s |`,
    `|---|---:|`,
    ...Object.entries(floors).map(([name, s]) => `| ${name} | ${fmt(s.opsPerSecond)} |`),
    `| jwt-session vs "raw Hono + one cached-key decrypt" | ${fmt(floorRatio, 2)}× slower |`,
    "",
    `| measure | sekisho | reference | ratio |`,
    `|---|---:|---:|---:|`,
    coldStartRow("process total", "processTotal"),
    coldStartRow("library part", "library"),
    `| Worker bundle, gzip bytes | ${fmt(bundle.sekisho.gzip)} | ${fmt(bundle.reference.gzip)} | ${fmt(bundle.sekisho.gzip / bundle.reference.gzip, 2)}× |`,
  ];
  console.log(lines.join("\n"));
  const result = { date: new Date().toISOString(), node: process.version, rounds, iterations, concurrency, rows, floors, floorRatio, cold, bundle };
  writeFileSync(fileURLToPath(new URL(`./results/${quick ? "quick" : "latest"}.json`, import.meta.url)), JSON.stringify(result, null, 2));
}

await main();
