/**
 * Builds the example apps (examples/next, examples/sveltekit) the way a user's app is built, and runs them.
 *
 * Each app is copied into `.sekisho/frameworks/<app>-<hash>/` beside a `node_modules/sekisho` bundled from
 * the sources, so `import ... from "sekisho/next"` resolves through the package's exports like an install,
 * while next, react, svelte and the rest resolve from the repository's node_modules. The hash covers every
 * input, so a build is reused until something it depends on changes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, relative, resolve } from "node:path";
import { build } from "esbuild";

export const root = resolve(import.meta.dirname, "../..");
export const cacheRoot = join(root, ".sekisho/frameworks");

export type AppName = "next" | "sveltekit";

/** Everything a build reads besides node_modules. */
const inputs = (app: AppName) => [
  "src",
  "pages",
  "shims",
  `examples/${app}`,
  "package-lock.json",
  "test/frameworks/apps.ts",
];

export const skipped = new Set(["node_modules", ".next", ".svelte-kit", "build"]);

export function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !skipped.has(name))
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

export function sourceHash(app: AppName): string {
  const hash = createHash("sha256");
  for (const file of inputs(app).flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** The package's modules: name under `sekisho/` → source file. */
const modules: Record<string, string> = {
  index: "src/index.ts",
  jwt: "src/jwt.ts",
  "two-factor": "src/two-factor/index.ts",
  next: "shims/next/index.ts",
  react: "shims/react/index.ts",
  hono: "shims/hono/index.ts",
  client: "shims/client/index.ts",
  sveltekit: "shims/sveltekit/index.ts",
  "sveltekit/client": "shims/sveltekit/client.ts",
  adapters: "src/adapters/index.ts",
  "adapters/memory": "src/adapters/memory.ts",
  providers: "src/providers/index.ts",
  types: "src/auth-core-types.ts",
  ...Object.fromEntries(
    [
      ...["credentials", "oidc", "oauth", "github", "gitlab", "google", "passkey", "webauthn", "nodemailer", "tiktok", "vk"],
      ...["spotify", "osu", "trakt", "notion", "apple", "battlenet", "duende-identity-server6", "netsuite", "wikimedia", "kakao", "42-school"],
      ...["email", "forwardemail", "mailgun", "loops"],
    ].map(
      (name) => [`providers/${name}`, `src/providers/${name}.ts`],
    ),
  ),
};

const typesOf = (source: string) => `./types/${source.replace(/\.ts$/, ".d.ts")}`;

function packageJson() {
  const exports: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(modules)) {
    if (name.startsWith("providers/")) continue;
    const js = `./${name}.js`;
    exports[name === "index" ? "." : `./${name}`] = { types: typesOf(source), ...(name === "sveltekit" ? { svelte: js } : {}), default: js };
  }
  exports["./providers/*"] = { types: "./types/src/providers/*.d.ts", default: "./providers/*.js" };
  const components = "./sveltekit/components/index.js";
  exports["./sveltekit/components"] = { types: "./sveltekit/components/index.d.ts", svelte: components, default: components };
  return { name: "sekisho", type: "module", sideEffects: false, exports };
}

/** Declarations for every module, so the apps type-check against sekisho's public types. */
function writeDeclarations(out: string): Promise<void> {
  const config = join(out, "tsconfig.types.json");
  writeFileSync(config, JSON.stringify({
    extends: join(root, "tsconfig.json"),
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: root, outDir: join(out, "types") },
    include: [],
    files: [...Object.values(modules), "shims/sveltekit/ambient.d.ts"].map((file) => join(root, file)),
  }));
  // Other modules' type errors are not this build's business: tsc writes the declarations regardless.
  return run([join(root, "node_modules/typescript/bin/tsc"), "-p", config], out, {}).catch(() => undefined).finally(() => rmSync(config));
}

/** `node_modules/sekisho` in `dir`: the shims and core bundled from source, their declarations, and the Svelte components as they are. */
export async function writePackage(dir: string): Promise<void> {
  const out = join(dir, "node_modules/sekisho");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "package.json"), JSON.stringify(packageJson(), null, 2));
  const common = {
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    packages: "external",
    jsx: "automatic",
    jsxImportSource: "hono/jsx",
    outdir: out,
    logLevel: "error",
  } as const;
  const { react, ...shared } = Object.fromEntries(Object.entries(modules).map(([name, source]) => [name, join(root, source)]));
  await build({ ...common, splitting: true, entryPoints: shared });
  // A client module: on its own, so the directive stays at the top of the one file Next.js reads.
  await build({ ...common, entryPoints: { react }, banner: { js: '"use client";' } });
  cpSync(join(root, "shims/sveltekit/components"), join(out, "sveltekit/components"), { recursive: true });
  await writeDeclarations(out);
}

export function run(command: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, command, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`${command.join(" ")} exited with ${code}:\n${output}`))));
  });
}

export const buildEnv = { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };

const builders: Record<AppName, (dir: string) => Promise<void>> = {
  next: (dir) => run([join(root, "node_modules/next/dist/bin/next"), "build", dir], dir, buildEnv),
  sveltekit: (dir) => run([join(root, "node_modules/vite/bin/vite.js"), "build"], dir, buildEnv),
};

async function waitForLock(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      // Another test process is building the same app; a lock older than 15 minutes is from a crashed run.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * `<parent>/<name>-<hash>`, made by `make` unless a finished build of the same hash is there. One process
 * makes it while others wait; older builds of the same name are removed first.
 */
export async function cachedBuild(parent: string, name: string, hash: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(parent, `${name}-${hash}`);
  const stamp = join(dir, ".built");
  if (existsSync(stamp)) return dir;
  mkdirSync(parent, { recursive: true });
  const lock = `${dir}.lock`;
  await waitForLock(lock);
  try {
    if (existsSync(stamp)) return dir;
    for (const old of readdirSync(parent)) {
      if (old.startsWith(`${name}-`) && !old.endsWith(".lock")) rmSync(join(parent, old), { recursive: true, force: true });
    }
    await make(dir);
    writeFileSync(stamp, new Date().toISOString());
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The example copied into `dir` beside its `node_modules/sekisho`, unbuilt. */
async function copyExample(app: AppName, dir: string): Promise<void> {
  cpSync(join(root, "examples", app), dir, { recursive: true, filter: (source) => !skipped.has(source.split("/").pop()!) });
  await writePackage(dir);
}

/** The built app's directory, building it first unless a build of the same sources is there. */
export function builtApp(app: AppName): Promise<string> {
  return cachedBuild(cacheRoot, app, sourceHash(app), async (dir) => {
    await copyExample(app, dir);
    await builders[app](dir);
  });
}

/** The example unbuilt, for its dev server (`vite dev`, `next dev`), which compiles on request; `adjust` edits the copy. */
export function devApp(app: AppName, adjust: (dir: string) => void = () => {}): Promise<string> {
  return cachedBuild(join(cacheRoot, "dev"), app, sourceHash(app), async (dir) => {
    await copyExample(app, dir);
    adjust(dir);
  });
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface RunningApp {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  close(): Promise<void>;
}

const starters: Record<AppName, (dir: string, port: number) => string[]> = {
  next: (dir, port) => [join(root, "node_modules/next/dist/bin/next"), "start", dir, "-p", String(port), "-H", "localhost"],
  sveltekit: (dir) => [join(dir, "build/index.js")],
};

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/** Starts a built app on `http://localhost:<port>` and resolves once it answers. */
export function startApp(app: AppName, dir: string, env: Record<string, string>, port?: number): Promise<RunningApp> {
  return startServer(app, (listen) => starters[app](dir, listen), dir, env, port);
}

/** Runs `command(port)` with Node in `dir` and resolves once `http://localhost:<port>` answers. */
export async function startServer(
  label: string,
  command: (port: number) => string[],
  dir: string,
  env: Record<string, string>,
  port?: number,
): Promise<RunningApp> {
  const listen = port ?? (await freePort());
  const url = `http://localhost:${listen}`;
  const child = spawn(process.execPath, command(listen), {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", PORT: String(listen), HOST: "localhost", ORIGIN: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const running: RunningApp = { url, output: () => output, close: () => stop(child) };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${label} app exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(url, { redirect: "manual" });
      return running;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await running.close();
  throw new Error(`The ${label} app did not answer at ${url} within 60 s:\n${output}`);
}

/** Runs a built app until it exits by itself, e.g. on a start-up error; resolves with its exit code and output. */
export function runUntilExit(app: AppName, dir: string, env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, starters[app](dir, 0), {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "localhost", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`The ${app} app was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** Type-checks a built app (its tsconfig, sekisho's declarations); rejects with tsc's output on any error. */
export function typeCheck(dir: string): Promise<void> {
  return run([join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", join(dir, "tsconfig.json")], dir, {});
}
