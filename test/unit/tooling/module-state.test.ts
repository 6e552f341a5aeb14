/**
 * The core keeps no state at module level: every cache belongs to the instance createAuth builds
 * (docs/architecture.md, "State"). A module-level `let` or `var`, or a Map, WeakMap or WeakSet made at module
 * level, is refused; a module-level Set is a lookup table, so nothing may add to it or delete from it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Maintainer scripts run once and exit; they are not part of the library. */
const scripts = new Set(["src/cli/embed-migrations.ts"]);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !scripts.has(path) ? [path] : [];
  });
}

/** `kind name` for each piece of module-level mutable state in `text`. */
function moduleState(text: string, fileName = "module.ts"): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const lookupSets: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(file);
      if (!isConst) {
        found.push(`let ${name}`);
        continue;
      }
      const init = declaration.initializer;
      if (!init || !ts.isNewExpression(init)) continue;
      const made = init.expression.getText(file);
      if (made === "Map" || made === "WeakMap" || made === "WeakSet") found.push(`${made} ${name}`);
      if (made === "Set") lookupSets.push(name);
    }
  }
  for (const name of lookupSets) {
    if (new RegExp(`\\b${name}\\.(add|delete|clear)\\(`).test(text)) found.push(`Set ${name} (changed)`);
  }
  return found;
}

describe("module-level state", () => {
  it("is refused in each of its shapes", () => {
    const text = [
      "let count = 0;",
      "var legacy = 1;",
      "const cache = new Map<string, string>();",
      "const byRequest = new WeakMap<Request, string>();",
      "const seen = new Set<string>();",
      "export function remember(id: string) { seen.add(id); }",
      'const allowed = new Set(["a", "b"]);',
      "export const table = { a: 1 };",
      "export function make() { let local = 0; const kept = new Map(); return () => kept.set(local++, 1); }",
    ].join("\n");
    expect(moduleState(text)).toEqual(["let count", "let legacy", "Map cache", "WeakMap byRequest", "Set seen (changed)"]);
  });

  it("is absent from src/ and pages/", () => {
    const found = [...sources("src"), ...sources("pages")].flatMap((path) =>
      moduleState(readFileSync(join(root, path), "utf8"), path).map((state) => `${path}: ${state}`),
    );
    expect(found).toEqual([]);
  });
});
