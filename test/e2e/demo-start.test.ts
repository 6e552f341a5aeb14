/** `npm start` as a newcomer runs it: in a folder where nothing of the demo exists yet, and with the port taken. */
import { spawn, type ChildProcess } from "node:child_process";
import { access, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const started: ChildProcess[] = [];

/** What `npm start` runs, with `cwd` as the folder it runs in; tsx still reads the project's tsconfig. */
function startDemoProcess(cwd: string, env: Record<string, string>) {
  const child = spawn(join(root, "node_modules/.bin/tsx"), [join(root, "examples/demo/server.ts")], {
    cwd,
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: join(root, "tsconfig.json"), ...env },
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = /running at (http:\/\/localhost:\d+)/.exec(stdout);
        if (found) resolve(found[1]);
      };
      child.stdout.on("data", check);
      check();
      void exited.then((code) => reject(new Error(`the demo exited with ${code}: ${stderr}`)));
    });
  return { url, exited, output: () => ({ stdout, stderr }) };
}

function occupiedPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "localhost", () => resolve({ port: (server.address() as { port: number }).port, server }));
  });
}

const folders: string[] = [];
async function freshFolder() {
  const folder = await mkdtemp(join(tmpdir(), "sekisho-fresh-clone-"));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("npm start", () => {
  it("in a folder without .sekisho/, creates its database and serves the sign-in page", async () => {
    const cwd = await freshFolder();
    const demo = startDemoProcess(cwd, { PORT: "0", AUTH_SECRET: "demo-start-test-secret-0123456789abcdef" });
    const url = await demo.url();
    const response = await fetch(`${url}/auth/signin`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<form[^>]*action="[^"]*\/auth\/callback\/credentials"/);
    await access(join(cwd, ".sekisho", "demo.db"));
  }, 60_000);

  it("on a port already in use, says so in one line and exits 1, with no stack trace", async () => {
    const { port, server } = await occupiedPort();
    try {
      const demo = startDemoProcess(await freshFolder(), { PORT: String(port), AUTH_SECRET: "demo-start-test-secret-0123456789abcdef" });
      expect(await demo.exited).toBe(1);
      const { stdout, stderr } = demo.output();
      expect(stdout).toBe("");
      expect(stderr).not.toMatch(/EADDRINUSE|^\s+at /m);
      expect(stderr.trimEnd().split("\n").at(-1)).toBe(
        `sekisho demo: port ${port} is already in use. Stop what is using it, or pick another port: PORT=${port + 1} npm start`,
      );
    } finally {
      server.close();
    }
  }, 60_000);
});
