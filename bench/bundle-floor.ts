/**
 * How small the GitHub + JWT Worker could get by trimming features: the same bundle as bench/bundle-size.ts,
 * with every module a GitHub + JWT sign-in can do without replaced by a stub that exports the same names.
 * It answers "would making the defaults opt-in reach the target?" with a measurement instead of an estimate.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { bundleBytes, workerBundle } from "./bundle-size.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Modules outside the GitHub + JWT sign-in path, by path prefix from the repository's root. */
export const optionalModules = [
  "src/rate-limit/consume",
  "src/rate-limit/client-ip",
  "src/session/records/",
  "src/session/database-strategy",
  "src/session/provider-tokens/",
  "pages/sessions",
  "src/in-process",
  "src/logout/",
  "src/passkeys/webauthn",
  "src/flows/purge-in-passing",
  "src/flows/claim",
  "pages/verify-request",
  "pages/email-confirm",
];

/** The names a module exports, each as a function that does nothing. */
function stubOf(source: string): string {
  const declared = [...source.matchAll(/export (?:async )?(?:function\*? |const |let |class )(\w+)/g)].map((m) => m[1]);
  const listed = [...source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
    m[1]
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith("type "))
      .map((part) => part.split(/\s+as\s+/).pop() ?? part),
  );
  return [...new Set([...declared, ...listed])].map((name) => `export const ${name} = () => undefined;`).join("\n");
}

const stubs: Plugin = {
  name: "optional-module-stubs",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const path = args.path.slice(root.length);
      if (!optionalModules.some((prefix) => path.startsWith(prefix))) return undefined;
      return { contents: stubOf(readFileSync(args.path, "utf8")), loader: "js" };
    });
  },
};

async function gzipBytes(plugins: Plugin[]): Promise<number> {
  const result = await build({ ...workerBundle, plugins, entryPoints: [`${root}bench/workers/sekisho.ts`] });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).byteLength;
}

const reference = (await bundleBytes("reference")).gzip;
for (const [label, bytes] of [
  ["as built", await gzipBytes([])],
  ["optional modules stubbed", await gzipBytes([stubs])],
] as const) {
  console.log(`GitHub + JWT Worker, ${label}: ${bytes} B gzip, ${(bytes / reference).toFixed(2)}× @auth/core's ${reference} B`);
}
