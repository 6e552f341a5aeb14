import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root, tsconfigOptions } from "../../../scripts/tsconfig-options.js";

/** Files whose object types are option groups an app writes: the walk goes into these, and only these. */
const optionFiles = [
  "src/config/config-types.ts",
  "src/config/pages-options.ts",
  "src/config/cookie-options.ts",
  "src/config/jwt-options.ts",
  "src/config/session-options.ts",
  "src/config/callbacks-options.ts",
  "src/config/event-callbacks.ts",
  "src/config/theme-colors.ts",
  "src/rate-limit/rate-limit-options.ts",
  "src/logger.ts",
].map((f) => join(root, f));

const program = ts.createProgram([join(root, "src/index.ts")], tsconfigOptions());
const checker = program.getTypeChecker();

function declaredType(file: string, name: string): ts.Type {
  const source = program.getSourceFile(join(root, file));
  const node = source?.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!node) throw new Error(`${file} declares no interface ${name}`);
  return checker.getTypeAtLocation(node);
}

/** An option group: an object (not a function) whose properties are declared in the option files, also through `Partial<…>`. */
function isOptionGroup(type: ts.Type): boolean {
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length > 0) return false;
  const declarations = checker.getPropertiesOfType(type).flatMap((property) => property.declarations ?? []);
  return declarations.some((d) => optionFiles.includes(d.getSourceFile().fileName));
}

interface Option {
  path: string;
  documented: boolean;
  example: boolean;
}

/** Every option of `type` and of the option groups it nests, by dotted path. */
function optionsOf(type: ts.Type, prefix = ""): Option[] {
  return checker.getPropertiesOfType(type).flatMap((property) => {
    // A key of a mapped record (`cookies.sessionToken`) is data, documented with its record, not an option.
    if (!property.declarations?.length) return [];
    const path = prefix + property.name;
    const option = {
      path,
      documented: ts.displayPartsToString(property.getDocumentationComment(checker)).trim() !== "",
      example: property.getJsDocTags(checker).some((tag) => tag.name === "example"),
    };
    const value = checker.getNonNullableType(checker.getTypeOfSymbol(property));
    const groups = (value.isUnion() ? value.types : [value]).filter(isOptionGroup);
    return [option, ...groups.flatMap((group) => optionsOf(group, `${path}.`))];
  });
}

describe("TSDoc of the public options", () => {
  const options = optionsOf(declaredType("src/config/config-types.ts", "AuthConfig"));

  it("walks AuthConfig and the option groups it nests", () => {
    const paths = options.map((o) => o.path);
    expect(paths).toEqual(
      expect.arrayContaining(["providers", "session.maxAge", "jwt.encode", "callbacks.jwt", "events.signIn", "pages.signIn"]),
    );
    expect(paths).toEqual(expect.arrayContaining(["theme.brandColor", "rateLimit.limits", "logger.warn", "experimental.enableWebAuthn"]));
  });

  it("documents every AuthConfig option, with an example", () => {
    expect(options.filter((o) => !o.documented).map((o) => o.path), "options without TSDoc").toEqual([]);
    expect(options.filter((o) => !o.example).map((o) => o.path), "options without an @example").toEqual([]);
  });

  it("documents every member of Auth, the object createAuth returns", () => {
    const members = checker.getPropertiesOfType(declaredType("src/auth-interface.ts", "Auth"));
    expect(members.length).toBeGreaterThan(10);
    const bare = members.filter((m) => ts.displayPartsToString(m.getDocumentationComment(checker)).trim() === "");
    expect(bare.map((m) => m.name)).toEqual([]);
  });

  it("documents every name the root exports, and keeps the root to what an app needs (60 names at most)", () => {
    const index = program.getSourceFile(join(root, "src/index.ts"));
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(index as ts.SourceFile) as ts.Symbol);
    const bare = exported.filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === "";
    });
    expect(bare.map((symbol) => symbol.name)).toEqual([]);
    expect(exported.length).toBeLessThanOrEqual(60);
  });
});
