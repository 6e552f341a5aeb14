import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A small tree shaped like sekisho's, with one example of each mistake the layer rules must refuse. */
const files: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true } }),
  "src/index.ts": `export { redirectTo } from "./http/redirect-callback.js";\n`,
  "src/errors.ts": `export class AuthError extends Error {}\n`,
  "src/config/defaults.ts": `import { redirectTo } from "../http/redirect-callback.js";\nexport const defaults = { redirectTo };\n`,
  "src/http/redirect-callback.ts": `import { AuthError } from "../errors.js";\nexport const redirectTo = (url: string) => (url ? url : new AuthError());\n`,
  "src/flows/email.ts": `import type { PageProps } from "../../pages/props.js";\nexport const page = (props: PageProps) => props;\n`,
  "src/routes/signin-route.ts": `import { page } from "../flows/email.js";\nimport type { PageProps } from "../../pages/props.js";\nexport const show = (props: PageProps) => page(props);\n`,
  "src/app/send.ts": `import type { PageProps } from "../../pages/props.js";\nexport const render = (props: PageProps) => props.title;\n`,
  "src/routes/a.ts": `import type { B } from "./b.js";\nexport type A = { b?: B };\n`,
  "src/routes/b.ts": `import type { A } from "./a.js";\nexport type B = { a?: A };\n`,
  "src/stray.ts": `import { AuthError } from "./errors.js";\nexport const stray = new AuthError();\n`,
  "pages/props.ts": `export type PageProps = { title: string };\n`,
  // The message catalogues sit with the configuration, so config and pages both import them downward; one
  // reaching up into pages is refused like any config module.
  "src/messages/en.ts": `export const en = { title: "Sign in" };\n`,
  "src/messages/locale.ts": `import { en } from "./en.js";\nimport type { PageProps } from "../../pages/props.js";\nexport const text = (p: PageProps) => en.title + p.title;\n`,
  "src/config/config-types.ts": `import { en } from "../messages/en.js";\nexport type Messages = typeof en;\n`,
  "pages/signin.tsx": `import { en } from "../src/messages/en.js";\nexport const heading = en.title;\n`,
  // The OAuth client sits with the session, which refreshes tokens through it; the flows use it downward.
  "src/oauth-client/token-endpoint.ts": `import { en } from "../messages/en.js";\nexport const grant = () => en;\n`,
  "src/session/renew.ts": `import { grant } from "../oauth-client/token-endpoint.js";\nexport const renew = () => grant();\n`,
  "src/flows/oauth.ts": `import { grant } from "../oauth-client/token-endpoint.js";\nexport const callback = () => grant();\n`,
  "src/oauth-client/discovery.ts": `import { callback } from "../flows/oauth.js";\nexport const discover = () => callback();\n`,
  // A provider module brings its sign-in method's page parts; what the configuration knows of providers may not.
  "src/providers/passkey.ts": `import type { PageProps } from "../../pages/props.js";\nexport const view = (p: PageProps) => p;\n`,
  "src/config/providers/provider-types.ts": `import type { PageProps } from "../../../pages/props.js";\nexport type ProviderView = PageProps;\n`,
  // The second-factor feature: its entry brings its pages; the app (above it) still may not import it.
  "src/two-factor/totp.ts": `export const totp = () => "123456";\n`,
  "src/two-factor/index.ts": `import { totp } from "./totp.js";\nimport type { PageProps } from "../../pages/props.js";\nexport const feature = (p: PageProps) => [totp, p];\n`,
  "src/app/app.ts": `import { totp } from "../two-factor/totp.js";\nexport const app = totp;\n`,
  // Features of the flows layer reach one another only through a declared interface: the passkey options may read an
  // address as the email sign-in does (email/identifier.ts); the OAuth callback may not reach into email's codes.
  "src/email/identifier.ts": `export const normalize = (s: string) => s.trim();\n`,
  "src/email/otp.ts": `import { normalize } from "./identifier.js";\nexport const code = (s: string) => normalize(s);\n`,
  "src/passkeys/options.ts": `import { normalize } from "../email/identifier.js";\nexport const ask = (s: string) => normalize(s);\n`,
  "src/oauth/oauth-callback.ts": `import { code } from "../email/otp.js";\nexport const back = (s: string) => code(s);\n`,
  // The browser client's one module of the core.
  "src/sign-in-options.ts": `export const signInFields = (o: object) => o;\n`,
  "shims/client/index.ts": `import { signInFields } from "../../src/sign-in-options.js";\nexport const fields = signInFields;\n`,
  "shims/next/index.ts": `import { redirectTo } from "../../src/http/redirect-callback.js";\nimport { redirectTo as fromCore } from "../../src/index.js";\nexport const both = [redirectTo, fromCore];\n`,
};

let dir: string;
let violations: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sekisho-layers-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const depcruise = join(root, "node_modules/.bin/depcruise");
  const config = join(root, ".dependency-cruiser.cjs");
  const run = promisify(execFile)(depcruise, ["src", "pages", "shims", "--config", config, "--output-type", "json"], { cwd: dir });
  // depcruise exits with the number of errors, so a run that finds the planted mistakes "fails".
  const { stdout } = await run.catch((failure: { stdout: string }) => failure);
  const report = JSON.parse(stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the dependency-cruiser rules of `npm run lint`", () => {
  it("refuse an import that runs back up a layer", () => {
    expect(violations).toContain("back-up-from-config: src/config/defaults.ts -> src/http/redirect-callback.ts");
  });

  it("refuse a page reached from anywhere but the sender, even by a type-only import", () => {
    expect(violations).toContain("pages-only-from-the-sender: src/flows/email.ts -> pages/props.ts");
    expect(violations).toContain("back-up-from-flows: src/flows/email.ts -> pages/props.ts");
    expect(violations).toContain("pages-only-from-the-sender: src/routes/signin-route.ts -> pages/props.ts");
  });

  it("refuse a circle made of type-only imports", () => {
    expect(violations).toContain("no-circular: src/routes/a.ts -> src/routes/b.ts");
  });

  it("refuse a shim that reaches past the public core", () => {
    expect(violations).toContain("shims-use-the-public-core: shims/next/index.ts -> src/http/redirect-callback.ts");
  });

  it("refuse a module that belongs to no layer", () => {
    expect(violations).toContain("module-outside-the-layers: src/stray.ts -> src/errors.ts");
  });

  it("put the message catalogues in the config layer and the OAuth client in the http-and-session layer", () => {
    expect(violations).toContain("back-up-from-config: src/messages/locale.ts -> pages/props.ts");
    expect(violations).toContain("back-up-from-http-and-session: src/oauth-client/discovery.ts -> src/flows/oauth.ts");
  });

  it("let a provider module bring page parts, and refuse pages to the provider types of the config layer", () => {
    expect(violations).toContain("pages-only-from-the-sender: src/config/providers/provider-types.ts -> pages/props.ts");
    expect(violations).toContain("back-up-from-config: src/config/providers/provider-types.ts -> pages/props.ts");
  });

  it("refuse a core module that imports the second-factor feature, and let the feature's entry bring its pages", () => {
    expect(violations).toContain("only-the-feature-imports-two-factor: src/app/app.ts -> src/two-factor/totp.ts");
    expect(violations.filter((v) => v.includes(": src/two-factor/"))).toEqual([]);
  });

  it("refuse a feature reaching into another past its declared interface", () => {
    expect(violations).toContain("feature-through-its-interface: src/oauth/oauth-callback.ts -> src/email/otp.ts");
    expect(violations.filter((v) => v.includes("src/passkeys/options.ts") || v.includes("src/email/otp.ts ->"))).toEqual([]);
  });

  it("allow what the layers allow: downward imports, the sender rendering pages, shims using the public core", () => {
    const allowedFrom = [
      "src/app/send.ts",
      "src/config/config-types.ts",
      "pages/signin.tsx",
      "src/session/renew.ts",
      "src/providers/passkey.ts",
      "shims/client/index.ts",
    ];
    expect(violations.filter((v) => allowedFrom.some((from) => v.includes(`: ${from} -> `)) || v.includes("src/index.ts"))).toEqual([]);
    expect(violations.filter((v) => v.startsWith("back-up") && v.includes("src/routes/signin-route.ts"))).toEqual([]);
    expect(violations).toHaveLength(14);
  });
});
