import { readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|svelte)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative(root, path)] : [];
  });
}

/** Base names (without the extension) used by more than one file, with the files; `index` is a folder's entry and may repeat. */
function sharedNames(files: string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = basename(file).replace(/\.[^.]+$/, "");
    if (name !== "index") byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return Object.fromEntries([...byName].filter(([, paths]) => paths.length > 1));
}

describe("source file names", () => {
  it("are used once under src/, pages/ and shims/, so a name says which file it is", () => {
    const files = ["src", "pages", "shims"].flatMap((dir) => sourceFiles(join(root, dir)));
    expect(sharedNames(files)).toEqual({});
  });

  it("find two files that share a name in different folders", () => {
    expect(sharedNames(["src/a/store.ts", "src/b/store.ts", "src/a/index.ts", "src/b/index.ts"])).toEqual({
      store: ["src/a/store.ts", "src/b/store.ts"],
    });
  });
});
