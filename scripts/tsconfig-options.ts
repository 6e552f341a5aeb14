import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The repository's root folder. */
export const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** The repository's compiler options (tsconfig.json), for programs the tooling and its tests build. */
export function tsconfigOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return parsed.options;
}
