import { resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { workerBundle } from "../../../bench/bundle-size.js";

const root = resolve(import.meta.dirname, "../../..");

/** The source files a minified Worker bundle of `entry` is made of, as the benchmark bundles it. */
async function bundleInputs(entry: string): Promise<string[]> {
  const result = await build({ ...workerBundle, stdin: { contents: entry, resolveDir: root, loader: "ts" }, metafile: true });
  return Object.keys(result.metafile.inputs);
}

const worker = (imports: string, providers: string) => `
  import { createAuth } from "./src/index.js";
  ${imports}
  const auth = createAuth({ secret: "bundle-contents-secret-0123456789", trustHost: true, experimental: { enableWebAuthn: true }, providers: [${providers}] });
  export default { fetch: (request: Request) => auth.fetch(request) };
`;

const passkeyParts = (inputs: string[]) =>
  inputs.filter((file) => file === "pages/webauthn.tsx" || file.startsWith("src/flows/webauthn/") || file.includes("@simplewebauthn"));

describe("what a Worker bundle carries", () => {
  it("leaves the passkey page and ceremonies out of a Worker without a WebAuthn provider", async () => {
    const inputs = await bundleInputs(worker(`import GitHub from "./src/providers/github.js";`, "GitHub"));
    expect(inputs).toContain("pages/signin.tsx");
    expect(passkeyParts(inputs)).toEqual([]);
  });

  it("brings them in with the Passkey provider", async () => {
    const inputs = await bundleInputs(worker(`import Passkey from "./src/providers/passkey.js";`, "Passkey"));
    expect(passkeyParts(inputs)).toEqual(expect.arrayContaining(["pages/webauthn.tsx", "src/flows/webauthn/index.ts"]));
  });
});
