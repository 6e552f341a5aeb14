import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import { root, tsconfigOptions } from "../../../scripts/tsconfig-options.js";
import * as core from "../../../src/index.js";
import * as hono from "../../../shims/hono/index.js";
import * as next from "../../../shims/next/index.js";
import * as sveltekit from "../../../shims/sveltekit/index.js";

vi.mock("$app/environment", () => ({ dev: true, building: false }));
vi.mock("$env/dynamic/private", () => ({ env: {} }));

const entries = { sekisho: "src/index.ts", "sekisho/next": "shims/next/index.ts", "sekisho/sveltekit": "shims/sveltekit/index.ts", "sekisho/hono": "shims/hono/index.ts" };
/** Every error class the root exports (MissingSecretError being MissingSecret under another name). */
const errorNames = Object.entries(core)
  .filter(([, value]) => value === core.AuthError || (typeof value === "function" && value.prototype instanceof core.AuthError))
  .map(([name]) => name);

/** The compiler's errors for `source`, a module at the repository's root that imports the entries by path. */
function typeErrors(source: string): string[] {
  const file = join(root, "error-classes-consumer.ts");
  const options = tsconfigOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (name) => (name === file ? source : readFile(name));
  const fileExists = host.fileExists;
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("error classes", () => {
  it("are types as well as values, from every server entry", () => {
    const lines = Object.entries(entries).flatMap(([entry, path], i) => [
      `import * as e${i} from "./${path.replace(/\.ts$/, ".js")}"; // ${entry}`,
      ...errorNames.map((name) => `export const ${name}${i}: e${i}.${name} = new e${i}.${name}("m", 1 as never);`),
      `export function caught${i}(error: unknown): e${i}.AccessDenied | undefined { return error instanceof e${i}.AccessDenied ? error : undefined; }`,
    ]);
    expect(errorNames.length).toBeGreaterThanOrEqual(34);
    expect(typeErrors(lines.join("\n"))).toEqual([]);
  }, 60_000);

  it("are one class whichever entry an app imports them from", () => {
    const thrown = new core.AccessDenied("refused");
    for (const shim of [next, sveltekit, hono] as Record<string, unknown>[]) {
      for (const name of errorNames) expect(shim[name], name).toBe((core as Record<string, unknown>)[name]);
      expect(thrown).toBeInstanceOf(shim.AccessDenied as typeof core.AccessDenied);
      expect(thrown).toBeInstanceOf(shim.AuthError as typeof core.AuthError);
    }
  });

  it("carry their own name, type and kind, and only their subclasses are instances of them", () => {
    for (const name of errorNames.filter((n) => n !== "AuthError" && n !== "SignInError" && n !== "MissingSecretError")) {
      const cls = (core as any)[name] as typeof core.AuthError;
      const error = new cls("m");
      expect(error.name).toBe(name);
      expect(error.type).toBe(name);
      expect(error.kind).toBe(error instanceof core.SignInError ? "signIn" : "error");
      expect(new core.AuthError("m")).not.toBeInstanceOf(cls);
    }
    expect(new core.AccessDenied()).not.toBeInstanceOf(core.Verification);
  });
});
