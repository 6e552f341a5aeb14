/**
 * The public API report: every package entry's exported names with their declarations, as the type build
 * would publish them, in one stable, sorted text (etc/sekisho.api.md). test/unit/tooling/api-report.test.ts
 * fails when the source no longer matches it, so a change to the public surface is always deliberate.
 *
 * Regenerate after a deliberate change: `npm run api:update`.
 *
 * It runs the TypeScript compiler over the entries' sources with declaration emit in memory, rather than
 * the package build, which takes minutes.
 */
import { writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { moduleEntries } from "../tsup.config.js";
import { root, tsconfigOptions } from "./tsconfig-options.js";

export const reportPath = join(root, "etc/sekisho.api.md");
export const updateCommand = "npm run api:update";

/** By code point, so that the order is the same in every locale. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Subpath → source file of every entry in the exports map, the root first; the Svelte components' declarations too. */
function entryFiles(): [string, string][] {
  const entries = Object.entries(moduleEntries()).map(([name, path]): [string, string] => [
    name === "index" ? "sekisho" : `sekisho/${name}`,
    join(root, path),
  ]);
  entries.push(["sekisho/sveltekit/components", join(root, "shims/sveltekit/components/index.d.ts")]);
  return entries.sort(([a], [b]) => (a === "sekisho" ? -1 : b === "sekisho" ? 1 : byCodePoint(a, b)));
}

/** The name a top-level statement declares, or "default" for an anonymous default export. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText());
  if (ts.isExportAssignment(statement)) return ["default"];
  const named = statement as ts.Statement & { name?: ts.Node };
  if (named.name) return [named.name.getText()];
  const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  return isDefault ? ["default"] : [];
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A declaration as printed, without `export`, `declare` and paths of `import("…")` types, which a refactor moves. */
function printed(statement: ts.Statement, file: ts.SourceFile): string {
  return printer
    .printNode(ts.EmitHint.Unspecified, statement, file)
    .replace(/^export (default )?/, "")
    .replace(/^declare /, "")
    .replace(/import\("[^"]*"\)\./g, "");
}

export function apiReport(): string {
  const entries = entryFiles();
  const options: ts.CompilerOptions = {
    ...tsconfigOptions(),
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    noEmitOnError: false,
  };
  const program = ts.createProgram(
    entries.map(([, file]) => file),
    options,
  );
  const checker = program.getTypeChecker();
  /** The emitted declarations of a source file, by the names its statements declare. */
  const emitted = new Map<string, Map<string, string[]>>();
  function declarationsIn(sourceFile: ts.SourceFile): Map<string, string[]> {
    let byName = emitted.get(sourceFile.fileName);
    if (byName) return byName;
    let text = sourceFile.isDeclarationFile ? sourceFile.text : "";
    if (!sourceFile.isDeclarationFile) {
      program.emit(sourceFile, (name, data) => (name.endsWith(".d.ts") ? (text = data) : undefined), undefined, true);
    }
    const dts = ts.createSourceFile("emitted.d.ts", text, ts.ScriptTarget.Latest, true);
    byName = new Map();
    for (const statement of dts.statements) {
      for (const name of declaredNames(statement)) byName.set(name, [...(byName.get(name) ?? []), printed(statement, dts)]);
    }
    emitted.set(sourceFile.fileName, byName);
    return byName;
  }

  const seen = new Map<ts.Symbol, string>();
  const lines = [
    "# sekisho: the public API",
    "",
    `Every package entry's exported names and their declarations. Generated; regenerate with \`${updateCommand}\`.`,
    "A name the root `sekisho` already lists is given as `= sekisho`.",
  ];
  for (const [subpath, file] of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${relative(root, file)} is not a module`);
    lines.push("", `## ${subpath}`, "");
    const exported = checker.getExportsOfModule(moduleSymbol).sort((a, b) => byCodePoint(a.name, b.name));
    for (const symbol of exported) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const earlier = seen.get(target);
      if (earlier) {
        lines.push(`- ${symbol.name} = ${earlier}`);
        continue;
      }
      seen.set(target, subpath);
      lines.push(`- ${symbol.name}`);
      for (const declaration of target.declarations ?? []) {
        const from = declaration.getSourceFile();
        const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(from.fileName)?.[1];
        if (packageName) {
          lines.push(`  from ${packageName}`);
          break;
        }
        const node = declaration as ts.Node & { name?: ts.Node };
        const local = node.name && !ts.isSourceFile(node) ? node.name.getText() : target.name;
        const found = ts.isSourceFile(declaration) ? [`namespace ${target.name}`] : declarationsIn(from).get(local);
        if (!found) throw new Error(`${subpath}: no emitted declaration of ${symbol.name} (${local}) in ${relative(root, from.fileName)}`);
        for (const text of found) lines.push(text.replace(/^/gm, "  "));
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(reportPath, apiReport());
  console.log(`wrote ${relative(root, reportPath)}`);
}
