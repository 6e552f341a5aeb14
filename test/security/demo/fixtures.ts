import { spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** `npm start` with `env`, on a free port and an in-memory database. */
export function npmStart(env: Record<string, string>) {
  const child = spawn(join(root, "node_modules/.bin/tsx"), [join(root, "examples/demo/server.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: join(root, "tsconfig.json"), PORT: "0", DEMO_DATABASE: ":memory:", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** The port, once the demo says it is running. */
  const port = () =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const found = /running at http:\/\/localhost:(\d+)/.exec(stdout);
        if (found) resolve(Number(found[1]));
      };
      child.stdout.on("data", check);
      check();
      void exited.then((code) => reject(new Error(`the demo exited with ${code}: ${stderr}`)));
    });
  return { child, exited, port, output: () => ({ stdout, stderr }) };
}

/** A GET to 127.0.0.1:`port` with the `Host` header a browser would send for `host`. */
export function getWithHost(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.once("error", reject);
    sent.end();
  });
}
