/**
 * The README's install line for today: `npm pack` in a clone makes a tarball an app installs. The tarball is made
 * from a copy of the working tree without dist/ (so `prepack` must build it), and installed into an app outside
 * the repository, where nothing but the tarball and its dependencies can resolve.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstApp, firstAppShell, startFirstApp } from "./blocks.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const started: ChildProcess[] = [];
let work: string;
let clone: string;
let tarball: string;

/** The files a clone of the working tree holds: tracked and new files, not ignored ones (dist/, .sekisho/). */
async function copyWorkingTree(to: string): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(root, file), join(to, file));
  }
  symlinkSync(join(root, "node_modules"), join(to, "node_modules"));
}

/**
 * What `npm install ./sekisho-<version>.tgz <packages>` lays out in `app`, without the registry: the tarball's
 * contents, its dependencies and `packages`, each linked from the repository's node_modules (where their own
 * dependencies resolve).
 */
async function install(app: string, packages: string[] = []): Promise<void> {
  const installed = join(app, "node_modules/sekisho");
  mkdirSync(installed, { recursive: true });
  await run("tar", ["xzf", tarball, "-C", installed, "--strip-components=1"]);
  for (const name of new Set([...Object.keys(pkg.dependencies), ...packages])) {
    mkdirSync(dirname(join(app, "node_modules", name)), { recursive: true });
    symlinkSync(join(root, "node_modules", name), join(app, "node_modules", name));
  }
}

async function npm(args: string[], cwd: string) {
  try {
    return await run("npm", args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(" ")} failed:\n${`${stdout}\n${stderr}`.trim().split("\n").slice(-40).join("\n")}`);
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sekisho-install-"));
  clone = join(work, "sekisho");
  await copyWorkingTree(clone);
  await npm(["pack", "--pack-destination", work], clone);
  tarball = join(work, `sekisho-${pkg.version}.tgz`);
}, 600_000);

afterAll(() => {
  for (const child of started) child.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("holds the built modules, the migrations, README and LICENSE, and no sources, tests or maps", async () => {
    const { stdout } = await run("tar", ["tzf", tarball]);
    const files = stdout.split("\n").filter(Boolean).map((path) => path.replace(/^package\//, ""));
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "dist/index.js", "dist/index.d.ts", "dist/cli.js", "dist/next.js", "dist/providers/github.js", "migrations/postgres/0001_init.sql"]));
    const clutter = files.filter(
      (file) =>
        !/^(dist|migrations)\//.test(file) && !["LICENSE", "README.md", "package.json"].includes(file) ||
        /\.map$/.test(file) ||
        /(^|\/)(test|tests|__tests__)\//.test(file) ||
        /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) ||
        (/\.tsx?$/.test(file) && !file.endsWith(".d.ts")),
    );
    expect(clutter).toEqual([]);
  });

  it("publishes without a correction to package.json, with its repository and license", async () => {
    const { stderr } = await npm(["publish", "--dry-run", "--ignore-scripts", "--offline"], clone);
    const warnings = stderr.split("\n").filter((line) => line.startsWith("npm warn") && !line.includes("requires you to be logged in"));
    expect(warnings).toEqual([]);
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\//);
    expect(pkg.license).toBe("MIT");
    expect(pkg.scripts.prepack).toBe("npm run build");
  });

  it("installs into a fresh app, which imports sekisho, sekisho/next and a provider, and runs the command line", async () => {
    const app = join(work, "app");
    const installed = join(app, "node_modules/sekisho");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    await install(app);
    expect(readdirSync(join(app, "node_modules")).sort()).toEqual([...new Set(Object.keys(pkg.dependencies).map((d) => d.split("/")[0]))].concat("sekisho").sort());
    const source = `
      const { createAuth } = await import("sekisho");
      const { default: NextAuth } = await import("sekisho/next");
      const { default: GitHub } = await import("sekisho/providers/github");
      const auth = createAuth({ secret: "install-test-secret-0123456789abcdef", providers: [GitHub({ clientId: "id", clientSecret: "secret" })] });
      const providers = await (await auth.fetch(new Request("http://localhost/auth/providers"))).json();
      console.log(JSON.stringify({ nextAuth: typeof NextAuth, providers: Object.keys(providers) }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", source], { cwd: app });
    expect(JSON.parse(stdout)).toEqual({ nextAuth: "function", providers: ["github"] });
    const help = await run(process.execPath, [join(installed, pkg.bin.sekisho), "--help"], { cwd: app });
    expect(help.stdout).toContain("Usage: sekisho");
  });

  it("runs the README's first app in an app set up as the README says", async () => {
    const app = join(work, "first-app");
    mkdirSync(app);
    // the README's own commands that make the app's package.json (npm init, npm pkg set)
    const setup = firstAppShell.split("\n").filter((line) => /^npm (init|pkg) /.test(line));
    expect(setup.length).toBeGreaterThan(0);
    for (const command of setup.flatMap((line) => line.split("&&"))) await npm(command.trim().split(/\s+/).slice(1), app);
    await install(app, ["hono", "@hono/node-server", "tsx"]);
    writeFileSync(join(app, "server.ts"), firstApp?.code ?? "");
    const server = await startFirstApp(app, join(app, "node_modules/tsx/dist/cli.mjs"), { AUTH_SECRET: "install-first-app-secret-0123456789abcdef" });
    started.push(server.child);
    const me = await fetch(`${server.base}/me`, { redirect: "manual" });
    expect(me.headers.get("location")).toBe("/auth/signin?callbackUrl=/me");
    const providers = await (await fetch(`${server.base}/auth/providers`)).json();
    expect(Object.keys(providers)).toEqual(["github", "credentials"]);
  }, 60_000);

  it("names the install command of each database driver the app lacks", async () => {
    const app = join(work, "app");
    const cli = join(app, "node_modules/sekisho", pkg.bin.sekisho);
    const drivers = { postgres: ["postgres://127.0.0.1:9/db", "pg"], mysql: ["mysql://127.0.0.1:9/db", "mysql2"], sqlite: ["auth.db", "@libsql/client"] };
    for (const [dialect, [url, driver]] of Object.entries(drivers)) {
      const failed = await run(process.execPath, [cli, "migrate", "--adapter", dialect, "--url", url], { cwd: app }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed.code, dialect).toBe(1);
      expect(failed.stderr.trim(), dialect).toBe(
        `migration failed: the ${dialect} driver is not installed. Run \`npm install ${driver}\` in the app, then this command again.`,
      );
    }
  });
});
