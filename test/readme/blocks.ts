/** The README's code blocks, for the tests that run them. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");
export const readme = readFileSync(join(root, "README.md"), "utf8");

export interface Block {
  lang: string;
  code: string;
  /** The `## ` section it sits in. */
  section: string;
}

function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let section = "";
  for (const match of markdown.matchAll(/^## (.+)$|^```(\w*)\n([\s\S]*?)^```$/gm)) {
    if (match[1]) section = match[1];
    else blocks.push({ lang: match[2], code: match[3], section });
  }
  return blocks;
}

export const blocks = codeBlocks(readme);
export const typescriptBlocks = blocks.filter((block) => block.lang === "ts" || block.lang === "tsx");
/** The first app's `server.ts`. */
export const firstApp = typescriptBlocks.find((block) => block.section === "A first app");
/** The shell lines of "A first app": installing, then starting the app. */
export const firstAppShell = blocks
  .filter((block) => block.section === "A first app" && block.lang === "sh")
  .map((block) => block.code)
  .join("\n");

export interface StartedApp {
  child: ChildProcess;
  /** e.g. `http://localhost:41234` */
  base: string;
  /** What it printed on stderr so far: its warnings. */
  stderr(): string;
}

/**
 * Runs `server.ts` in `cwd` as the README says (`npx tsx server.ts`), on a free port, and resolves once it prints
 * where it listens. `tsx` is the CLI file of tsx; `env` adds to PATH and PORT.
 */
export function startFirstApp(cwd: string, tsx: string, env: Record<string, string>): Promise<StartedApp> {
  const child = spawn(process.execPath, [tsx, "server.ts"], { cwd, env: { PATH: process.env.PATH, PORT: "0", ...env } });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      const found = /Listening on (http:\/\/localhost:\d+)\/me/.exec(stdout);
      if (found) resolve({ child, base: found[1], stderr: () => stderr });
    });
    child.once("exit", (code) => reject(new Error(`the first app exited with ${code}: ${stderr}`)));
  });
}
