import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { workerBundle } from "../../../bench/bundle-size.js";

const root = resolve(import.meta.dirname, "../../..");

/** Each provider module's own brand mark (its `const mark`), by file name. */
const marks = Object.fromEntries(
  readdirSync(join(root, "src/providers"))
    .filter((file) => file.endsWith(".ts"))
    .map((file) => [file, /\nconst mark =\s*"([^"]+)";/.exec(readFileSync(join(root, "src/providers", file), "utf8"))?.[1]])
    .filter((entry): entry is [string, string] => typeof entry[1] === "string"),
);

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

/** The parts of the OpenID Connect, email and credentials methods: ID and logout tokens, RP-initiated logout, jose, the email flow. */
const methodParts = (inputs: string[]) =>
  inputs.filter(
    (file) =>
      /^src\/(oauth\/(oidc-method|id-token|id-token-claims|jwks)|logout\/(backchannel|logout-token|replay|rp-logout|end-session|hint)|credentials\/credentials-method)\.ts$/.test(file) ||
      file.startsWith("src/email/") ||
      file.includes("node_modules/jose/"),
  );

const passkeyParts = (inputs: string[]) =>
  inputs.filter((file) => file === "pages/passkey-form.tsx" || /^src\/passkeys\/(?!webauthn-(ceremonies|routes)\.ts$)/.test(file) || file.includes("@simplewebauthn"));

/** The pages only the Password provider or an email provider shows. */
const methodPages = (inputs: string[]) =>
  inputs.filter((file) => /^pages\/(password-page\.tsx|password-view\.ts|passkey-offer\.tsx|email-change-page\.tsx|email-confirm\.tsx|email-views\.ts)$/.test(file));

describe("what a Worker bundle carries", () => {
  it("leaves the passkey page and ceremonies out of a Worker without a WebAuthn provider", async () => {
    const inputs = await bundleInputs(worker(`import GitHub from "./src/providers/github.js";`, "GitHub"));
    expect(inputs).toContain("pages/signin.tsx");
    expect(passkeyParts(inputs)).toEqual([]);
  });

  it("leaves OpenID Connect (jose, ID and logout tokens), email and credentials out of a GitHub Worker", async () => {
    const inputs = await bundleInputs(worker(`import GitHub from "./src/providers/github.js";`, "GitHub"));
    expect(inputs).toContain("src/oauth/oauth-callback.ts");
    expect(methodParts(inputs)).toEqual([]);
  });

  it("carries the brand mark of each provider it imports, and no other", async () => {
    const result = await build({ ...workerBundle, stdin: { contents: worker(`import GitHub from "./src/providers/github.js";`, "GitHub"), resolveDir: root, loader: "ts" } });
    const code = result.outputFiles[0].text;
    const carried = Object.entries(marks).filter(([, path]) => code.includes(path)).map(([name]) => name);
    expect(Object.keys(marks).length).toBeGreaterThan(50);
    expect(carried).toEqual(["github.ts"]);
  });

  it("brings each method in with a provider of its type", async () => {
    const inputs = await bundleInputs(
      worker(
        `import Google from "./src/providers/google.js";
         import Resend from "./src/providers/resend.js";
         import Credentials from "./src/providers/credentials.js";`,
        "Google, Resend, Credentials({ authorize: () => null })",
      ),
    );
    expect(methodParts(inputs)).toEqual(
      expect.arrayContaining(["src/oauth/oidc-method.ts", "src/logout/logout-token.ts", "src/logout/end-session.ts", "src/email/email-callback.ts", "src/credentials/credentials-method.ts"]),
    );
    expect(inputs.some((file) => file.includes("node_modules/jose/"))).toBe(true);
  });

  it("brings them in with the Passkey provider", async () => {
    const inputs = await bundleInputs(worker(`import Passkey from "./src/providers/passkey.js";`, "Passkey"));
    expect(passkeyParts(inputs)).toEqual(expect.arrayContaining(["pages/passkey-form.tsx", "src/passkeys/index.ts"]));
  });

  it("leaves the password and email-change pages out of a GitHub Worker", async () => {
    const inputs = await bundleInputs(worker(`import GitHub from "./src/providers/github.js";`, "GitHub"));
    expect(inputs).toContain("pages/verify-request.tsx");
    expect(methodPages(inputs)).toEqual([]);
  });

  it("brings the password pages with the Password provider, and the email pages with an email provider", async () => {
    const password = await bundleInputs(worker(`import Password from "./src/providers/password.js";`, "Password({ sendMail: () => {} })"));
    expect(methodPages(password).sort()).toEqual(["pages/passkey-offer.tsx", "pages/password-page.tsx", "pages/password-view.ts"]);
    const email = await bundleInputs(worker(`import Resend from "./src/providers/resend.js";`, "Resend"));
    expect(methodPages(email).sort()).toEqual(["pages/email-change-page.tsx", "pages/email-confirm.tsx", "pages/email-views.ts"]);
  });
});
