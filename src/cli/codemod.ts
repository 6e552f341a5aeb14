/**
 * `sekisho codemod [dir]`: moves the imports of a next-auth (4 or 5), @auth/core or @auth/sveltekit app to
 * sekisho's, and lists by file and line the next-auth 4 code an import change does not move.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { codemodNotes } from "./codemod-notes.js";
import { rewriteImports } from "./import-rewrites.js";

export interface CodemodOutput {
  log(message: string): void;
}

const sourceFile = /\.(?:[cm]?[jt]sx?|svelte)$/;
const skippedFolders = new Set(["node_modules", ".git", ".next", ".svelte-kit", ".vercel", "dist", "build", "out", "coverage"]);

async function* sourceFiles(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && !skippedFolders.has(entry.name)) yield* sourceFiles(path);
    else if (entry.isFile() && sourceFile.test(entry.name)) yield path;
  }
}

/** Rewrites (or with `dryRun` only reports) every source file under `dir`; resolves to the exit code. */
export async function codemod(dir: string, { dryRun }: { dryRun: boolean }, out: CodemodOutput): Promise<number> {
  const found = await stat(dir).catch(() => undefined);
  if (!found?.isDirectory()) {
    out.log(`sekisho codemod: ${dir} is not a folder. Give the app's folder, e.g. \`npx sekisho codemod .\``);
    return 2;
  }
  let files = 0;
  let left = 0;
  for await (const path of sourceFiles(dir)) {
    const name = relative(dir, path).split(sep).join("/");
    const before = await readFile(path, "utf8");
    const { source, rewritten } = rewriteImports(before);
    if (rewritten > 0 && source !== before) {
      files++;
      if (!dryRun) await writeFile(path, source);
      out.log(`${dryRun ? "would rewrite" : "rewrote"} ${name} (${rewritten} import${rewritten === 1 ? "" : "s"})`);
    }
    for (const note of codemodNotes(name, source)) {
      left++;
      out.log(`${name}:${note.line}: ${note.message}`);
    }
  }
  const verb = dryRun ? "would be rewritten" : "rewritten";
  out.log(`${files} file${files === 1 ? "" : "s"} ${verb}; ${left} place${left === 1 ? "" : "s"} left for you`);
  return 0;
}
