/**
 * The README's code, as a reader copies it: every TypeScript block type-checks against the package's sources
 * (each `sekisho/...` import mapped to the module the build publishes under that name), the first app's install
 * line names every package it imports, and the first app, started as the README says, signs a user in.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleEntries } from "../../tsup.config.js";
import { createCookieJar } from "../helpers/cookie-jar.js";
import { firstApp, firstAppShell, readme, root, startFirstApp, typescriptBlocks as typescript } from "./blocks.js";

const run = promisify(execFile);

/**
 * What the README's fragments take from the surrounding app: the blocks that show one option or one call use
 * these names without declaring them.
 */
const fragmentContext = `import type { Auth, Provider } from "sekisho";
declare global {
  const createAuth: typeof import("sekisho").createAuth;
  const providers: Provider[];
  const auth: Auth;
  const userId: string;
  const sessionId: string;
  function cookieLang(request: Request): string | undefined;
}
`;

/** tsconfig `paths` for every published subpath, to the source the build makes it from. */
function sourcePaths(dir: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const [name, source] of Object.entries(moduleEntries())) {
    paths[name === "index" ? "sekisho" : `sekisho/${name}`] = [relative(dir, join(root, source))];
  }
  return paths;
}

let dir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  mkdirSync(join(root, ".sekisho"), { recursive: true });
  dir = mkdtempSync(join(root, ".sekisho", "readme-"));
  const files = typescript.map((block, i) => {
    const file = `block-${i + 1}.${block.lang}`;
    // every block is a module of its own, so that top-level await and its own declarations stay in it
    writeFileSync(join(dir, file), `${block.code}\nexport {};\n`);
    return file;
  });
  writeFileSync(join(dir, "fragment-context.d.ts"), fragmentContext);
  if (firstApp) writeFileSync(join(dir, "server.ts"), firstApp.code);
  const project = { extends: relative(dir, join(root, "tsconfig.json")), compilerOptions: { paths: sourcePaths(dir) } };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...project, files: [...files, "fragment-context.d.ts"], include: [] }));
  // tsx compiles a file with the options of a tsconfig only when that tsconfig takes the file in: this one keeps
  // the project's `include`, so that pages/ get its JSX settings
  writeFileSync(join(dir, "tsconfig.run.json"), JSON.stringify(project));
});

afterAll(() => {
  for (const child of started) child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the README's code", () => {
  it("has a first app, and more TypeScript blocks beside it", () => {
    expect(firstApp?.code).toContain("createAuth(");
    expect(typescript.length).toBeGreaterThan(1);
  });

  it("type-checks every TypeScript block", async () => {
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const result = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).then(
      () => "",
      (error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
    );
    expect(result).toBe("");
  }, 180_000);

  it("installs every package the first app imports, now from a tarball and once published from the registry", () => {
    const imported = [...(firstApp?.code ?? "").matchAll(/from "([^"]+)"/g)]
      .map(([, specifier]) => specifier)
      .filter((specifier) => !specifier.startsWith("node:"))
      .map((specifier) => (specifier.startsWith("@") ? specifier.split("/").slice(0, 2) : specifier.split("/").slice(0, 1)).join("/"));
    const shell = firstAppShell;
    const today = /^npm install (\.{1,2}\/\S+\.tgz(?: \S+)*)$/m.exec(shell)?.[1].split(" ") ?? [];
    expect(today[0]).toMatch(/sekisho-\d+\.\d+\.\d+\.tgz$/);
    expect(shell).toContain("npm pack");
    const published = /`npm install (sekisho[^`]*)`/.exec(readme)?.[1].split(" ") ?? [];
    for (const name of new Set(imported)) {
      expect(name === "sekisho" ? today[0] : today, name).toContain(name === "sekisho" ? "sekisho" : name);
      expect(published, name).toContain(name);
    }
    expect(shell).toMatch(/npx tsx server\.ts/);
  });

  it("starts the first app, which signs the user in with the credentials the README gives", async () => {
    const app = await startFirstApp(dir, join(root, "node_modules/tsx/dist/cli.mjs"), {
      TSX_TSCONFIG_PATH: join(dir, "tsconfig.run.json"),
      AUTH_SECRET: "readme-first-app-secret-0123456789abcdef",
    });
    started.push(app.child);
    const { base } = app;

    const jar = createCookieJar();
    const get = async (path: string) => {
      const response = await fetch(base + path, { headers: { cookie: jar.header() }, redirect: "manual" });
      jar.store(response);
      return response;
    };
    const signIn = async (password: string) => {
      const { csrfToken } = await (await get("/auth/csrf")).json();
      const response = await fetch(`${base}/auth/callback/credentials`, {
        method: "POST",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, username: "ada", password, callbackUrl: `${base}/me` }),
        redirect: "manual",
      });
      jar.store(response);
      return response;
    };

    expect((await get("/me")).headers.get("location")).toBe("/auth/signin?callbackUrl=/me");
    const page = await (await get("/auth/signin?callbackUrl=/me")).text();
    expect(page, app.stderr()).toContain("Username and password");

    expect((await signIn("babbage")).headers.get("location")).toContain("error=CredentialsSignin");
    expect(await (await get("/auth/session")).json()).toBeNull();

    const accepted = await signIn("lovelace");
    expect(accepted.headers.get("location")).toBe(`${base}/me`);
    const session = await (await get("/auth/session")).json();
    expect(session.user).toEqual({ name: "Ada Lovelace" });
    expect(await (await get("/me")).json()).toEqual({ name: "Ada Lovelace" });
    // as the README says: GitHub without its variables is reported at start-up
    expect(app.stderr()).toContain("AUTH_GITHUB_ID and AUTH_GITHUB_SECRET");
  }, 60_000);
});
