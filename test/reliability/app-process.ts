/** Starts app-server.ts in a child process (`node --expose-gc --import tsx`) and talks to it. */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AppOptions } from "./app-server.js";

export type { AppOptions, StoreOptions } from "./app-server.js";

export interface AppProcess {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  pid: number;
  /** The child's heap after a full GC, and how many errors its logger received so far. */
  heap(): Promise<{ heapUsed: number; loggedErrors: number }>;
  /** Open file descriptors of the child, counted in /proc. */
  fds(): number;
  /** What the child wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL("./app-server.ts", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

export function startAppProcess(options: AppOptions, timeoutMs = 30_000): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, SEKISHO_APP: JSON.stringify(options) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${reason}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`the app process did not start within ${timeoutMs} ms`), timeoutMs);
    const early = (code: number | null) => fail(`the app process exited (${code}) before it listened`);
    child.once("exit", early);
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
      const line = stdout.split("\n").find((l) => l.startsWith("{"));
      if (!line || !stdout.includes("\n")) return;
      clearTimeout(timer);
      child.off("exit", early);
      const url = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      resolve({
        url,
        pid: child.pid!,
        heap: async () => (await fetch(`${url}/__heap`, { headers: { connection: "close" } })).json() as Promise<{ heapUsed: number; loggedErrors: number }>,
        fds: () => readdirSync(`/proc/${child.pid}/fd`).length,
        stderr: () => stderr,
        stop,
      });
    });
  });
}

/** A transport for `createClient` that reaches the process over HTTP, one connection per request. */
export function transportTo(app: Pick<AppProcess, "url">) {
  return {
    origin: app.url,
    send(request: Request): Promise<Response> {
      const headers = new Headers(request.headers);
      headers.set("connection", "close");
      return fetch(new Request(request, { headers }));
    },
  };
}
