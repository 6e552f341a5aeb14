/**
 * The scale benchmark: the app in child processes (@hono/node-server on loopback), autocannon in this one.
 * - The session endpoint at 256 connections for 30 s, with JWT sessions and with database sessions on PostgreSQL.
 * - How the cost grows with the providers configured (1, 10, 50), the token size (1, 2, 4 cookie chunks)
 *   and the sessions stored in PostgreSQL (1, 10k, 1M rows): the cases of a group run side by side, in
 *   interleaved rounds, at 1 connection (latency) and at 256 (throughput); each figure is the median round,
 *   and the heap shown is that of the round where it moved most.
 * Every answer is checked; errors must be 0, the heap after a full GC flat, no descriptor left open.
 * `npm run bench:load` (`-- --quick` for a short run). Writes bench/results/load.json and prints Markdown tables.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { alice, createClient } from "../../test/helpers/auth-client.js";
import { startAppProcess, transportTo, type AppOptions, type AppProcess } from "../../test/reliability/app-process.js";
import { meanLatency, runLoad, type LoadRequest, type LoadShape } from "../../test/reliability/load-generator.js";
import { measureUnderLoad, type Measurement } from "../../test/reliability/measure.js";
import { postgresStore, storeAlice, type PostgresStore } from "../../test/reliability/stores.js";
import { fillSessions } from "./bulk-sessions.js";
import { chunkedSessionCookie } from "./session-cookies.js";

const quick = process.argv.includes("--quick");
const rounds = quick ? 1 : 3;
const sustained: LoadShape = { seconds: quick ? 5 : 30, connections: 256 };
const roundSeconds = quick ? 3 : 5;
const shapes: LoadShape[] = [
  { seconds: roundSeconds, connections: 1 },
  { seconds: roundSeconds, connections: 256 },
];

interface Case {
  name: string;
  endpoint: string;
  app: AppProcess;
  request: LoadRequest;
}

interface Row extends Measurement {
  group: string;
  case: string;
  endpoint: string;
  rounds: number;
}
const rows: Row[] = [];

function sessionRequest(cookie: string): LoadRequest {
  return { path: "/auth/session", headers: { cookie }, check: (status, _h, body) => status === 200 && JSON.parse(body)?.user?.email === alice.email };
}
const signInPage: LoadRequest = { path: "/auth/signin", check: (status, _h, body) => status === 200 && body.includes('name="csrfToken"') };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function report(row: Row) {
  rows.push(row);
  console.error(`${row.group} / ${row.case} / ${row.endpoint} (${row.connections} connections): ${row.requestsPerSecond} req/s, mean ${row.latencyMs.mean} ms, p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, ${row.errors} errors`);
}

/** The runs of one case as one row: median throughput and latencies, all errors, the heap and descriptors of the run where they moved most. */
function combine(group: string, item: Case, runs: Measurement[]): Row {
  const first = runs[0];
  const heap = runs.reduce((most, r) => (Math.abs(r.heapGrowth) > Math.abs(most.heapGrowth) ? r : most));
  const fds = runs.reduce((most, r) => (r.fdsAfter - r.fdsBefore > most.fdsAfter - most.fdsBefore ? r : most));
  return {
    ...first,
    group,
    case: item.name,
    endpoint: item.endpoint,
    rounds: runs.length,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    latencyMs: {
      mean: meanLatency(first.connections, median(runs.map((r) => r.requestsPerSecond))),
      p50: median(runs.map((r) => r.latencyMs.p50)),
      p90: median(runs.map((r) => r.latencyMs.p90)),
      p99: median(runs.map((r) => r.latencyMs.p99)),
      max: Math.max(...runs.map((r) => r.latencyMs.max)),
    },
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    wrongAnswers: runs.reduce((sum, r) => sum + r.wrongAnswers, 0),
    loggedErrors: runs.reduce((sum, r) => sum + r.loggedErrors, 0),
    heapBeforeBytes: heap.heapBeforeBytes,
    heapAfterBytes: heap.heapAfterBytes,
    heapGrowth: heap.heapGrowth,
    fdsBefore: fds.fdsBefore,
    fdsAfter: fds.fdsAfter,
  };
}

/**
 * Every case of a group, each shape, in interleaved rounds so that they share the machine's conditions;
 * each round starts with the next case, so that none is always first.
 */
async function compare(group: string, cases: Case[]) {
  // Apps serve several cases: every code path is warm before the first reading of any heap.
  for (const item of cases) await runLoad(item.app.url, item.request, { seconds: 3, connections: 256 });
  for (const shape of shapes) {
    const runs = cases.map(() => [] as Measurement[]);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < cases.length; k++) {
        const i = (round + k) % cases.length;
        runs[i].push(await measureUnderLoad(cases[i].app, cases[i].request, shape, 1));
      }
    }
    cases.forEach((item, i) => report(combine(group, item, runs[i])));
  }
}

/** An app process with alice signed in: the app and her session cookie. */
async function signedIn(options: AppOptions): Promise<{ app: AppProcess; cookie: string }> {
  const app = await startAppProcess(options);
  const client = createClient(transportTo(app));
  if ((await client.signIn()).status !== 302) throw new Error(`sign-in failed: ${app.stderr()}`);
  return { app, cookie: `authjs.session-token=${client.jar.get("authjs.session-token")}` };
}

async function databaseWith(sessions: number): Promise<PostgresStore> {
  const store = await postgresStore();
  await storeAlice(store.adapter);
  const started = performance.now();
  await fillSessions(store.direct, sessions);
  if (sessions) console.error(`stored ${sessions.toLocaleString("en-US")} sessions in ${Math.round(performance.now() - started)} ms`);
  return store;
}

const apps: AppProcess[] = [];
const stores: PostgresStore[] = [];
async function start(options: AppOptions) {
  const started = await signedIn(options);
  apps.push(started.app);
  return started;
}

const loadBefore = loadavg();
try {
  const jwt = await start({ strategy: "jwt" });
  report({ group: "session endpoint", case: "jwt", endpoint: "GET /auth/session", rounds: 1, ...(await measureUnderLoad(jwt.app, sessionRequest(jwt.cookie), sustained)) });

  const [small, db10k, db1m] = await Promise.all([databaseWith(0), databaseWith(10_000), databaseWith(1_000_000)]);
  stores.push(small, db10k, db1m);
  const database = await Promise.all([small, db10k, db1m].map((store) => start({ strategy: "database", store: { kind: "postgres", url: store.url } })));
  report({ group: "session endpoint", case: "database (PostgreSQL)", endpoint: "GET /auth/session", rounds: 1, ...(await measureUnderLoad(database[0].app, sessionRequest(database[0].cookie), sustained)) });

  const stored = await Promise.all([small, db10k, db1m].map((store) => store.count("sessions")));
  await compare("sessions stored (PostgreSQL)", database.map(({ app, cookie }, i) => ({ name: `${stored[i].toLocaleString("en-US")} row${stored[i] === 1 ? "" : "s"}`, endpoint: "GET /auth/session", app, request: sessionRequest(cookie) })));

  const chunks = [1, 2, 4];
  const cookies = await Promise.all(chunks.map(chunkedSessionCookie));
  await compare("token size", chunks.map((n, i) => ({ name: `${n} chunk${n > 1 ? "s" : ""} (${cookies[i].length} B cookie)`, endpoint: "GET /auth/session", app: jwt.app, request: sessionRequest(cookies[i]) })));

  const counts = [1, 10, 50];
  const configured = await Promise.all(counts.map((providers) => start({ strategy: "jwt", providers })));
  await compare("providers configured", [
    ...configured.map(({ app, cookie }, i) => ({ name: `${counts[i]}`, endpoint: "GET /auth/session", app, request: sessionRequest(cookie) })),
    ...configured.map(({ app }, i) => ({ name: `${counts[i]}`, endpoint: "GET /auth/signin", app, request: signInPage })),
  ]);
} finally {
  await Promise.all(apps.map((app) => app.stop()));
  await Promise.all(stores.map((store) => store.close()));
}

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function markdown(): string {
  const lines: string[] = [];
  for (const group of [...new Set(rows.map((r) => r.group))]) {
    lines.push(`\n### ${group}\n`, "| case | endpoint | connections | req/s | mean ms | p50 ms | p99 ms | errors | heap before → after (MB) | fds before → after |", "|---|---|---:|---:|---:|---:|---:|---:|---|---|");
    for (const r of rows.filter((row) => row.group === group)) {
      const heap = `${mb(r.heapBeforeBytes)} → ${mb(r.heapAfterBytes)} (${r.heapGrowth >= 0 ? "+" : ""}${(r.heapGrowth * 100).toFixed(1)}%)`;
      lines.push(`| ${r.case} | ${r.endpoint} | ${r.connections} | ${fmt(r.requestsPerSecond)} | ${r.latencyMs.mean} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${heap} | ${r.fdsBefore} → ${r.fdsAfter} |`);
    }
  }
  return lines.join("\n");
}

const result = {
  date: new Date().toISOString(),
  command: `npm run bench:load${quick ? " -- --quick" : ""}`,
  node: process.version,
  cpus: cpus().length,
  loadAverage: { before: loadBefore, after: loadavg() },
  rows,
};
writeFileSync(fileURLToPath(new URL(`../results/load${quick ? "-quick" : ""}.json`, import.meta.url)), `${JSON.stringify(result, null, 2)}\n`);
console.log(markdown());

const failed = rows.filter((r) => r.errors > 0 || r.loggedErrors > 0 || Math.abs(r.heapGrowth) > 0.1 || r.fdsAfter > r.fdsBefore);
if (failed.length > 0) {
  console.error(`\nNOT OK: ${failed.map((r) => `${r.group} / ${r.case} / ${r.endpoint} (${r.connections})`).join("; ")}`);
  process.exitCode = 1;
}
