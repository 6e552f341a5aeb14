import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { binEntries, browserEntries, edgeEntries, entries, isClientModule, moduleEntries, peerPackages } from "../../tsup.config.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const built = entries();
const modules = moduleEntries();

function newestSourceTime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSourceTime(join(path, name))));
}

/** dist is fresh when every entry was built after the last change to anything the build reads. */
function distIsFresh(): boolean {
  const outputs = Object.keys(built).flatMap((name) => [join(dist, `${name}.js`), join(dist, `${name}.d.ts`)]);
  if (!outputs.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = ["src", "pages", "shims", "tsup.config.ts", "package.json", "tsconfig.json"]
    .map((path) => join(root, path))
    .filter((path) => existsSync(path));
  return Math.max(...inputs.map(newestSourceTime)) < builtAt;
}

/** Runs an ES module in a separate Node process inside the package, where `sekisho` resolves to itself. */
async function inPackage(source: string, conditions: string[] = []): Promise<any> {
  const flags = conditions.map((condition) => `--conditions=${condition}`);
  const { stdout } = await run(process.execPath, [...flags, "--input-type=module", "-e", source], { cwd: root });
  return JSON.parse(stdout);
}

/** The files Node loads for `import()` of each specifier in turn, in a fresh process inside the package. */
async function filesLoaded(specifiers: string[]): Promise<string[]> {
  const log = join(mkdtempSync(join(tmpdir(), "sekisho-loaded-")), "files");
  // Written by the loader thread before each module loads, so that none is lost when the process exits.
  const hooks = `import { appendFileSync } from "node:fs";
    export async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context); }`;
  const source = `import { register } from "node:module";
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hooks)}));
    for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier);`;
  try {
    await run(process.execPath, ["--input-type=module", "-e", source], { cwd: root });
    const urls = readFileSync(log, "utf8").split("\n").filter((url) => url.startsWith("file:"));
    return urls.map((url) => new URL(url).pathname);
  } finally {
    rmSync(dirname(log), { recursive: true, force: true });
  }
}

/** One specifier per subpath of the exports map; a wildcard stands for the first module it matches. */
function everySubpath(): string[] {
  const example: Record<string, string> = { "./providers/*": "./providers/github", "./adapters/*": "./adapters/memory" };
  return Object.keys(pkg.exports as Record<string, unknown>)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => (example[subpath] ?? subpath).replace(/^\./, "sekisho"));
}

/**
 * Type-checks, with tsc and the given module resolution, a consumer in its own folder whose
 * node_modules/sekisho is this package: an import of every subpath, and a next-auth-style configuration.
 */
async function typeCheckConsumer(moduleResolution: "node" | "node16" | "bundler"): Promise<void> {
  // Inside the repository, so that @types/node and the peers resolve from its node_modules as from an app's.
  mkdirSync(join(root, ".sekisho"), { recursive: true });
  const dir = mkdtempSync(join(root, ".sekisho", `consumer-${moduleResolution}-`));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(root, join(dir, "node_modules/sekisho"));
    const imports = everySubpath().map((specifier, i) => `import * as m${i} from "${specifier}";\nexport { m${i} };`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(join(dir, "consumer.ts"), `${imports.join("\n")}
import NextAuth from "sekisho/next";
import Credentials from "sekisho/providers/credentials";
import type { AdapterAccountType } from "sekisho/adapters";
declare module "sekisho/jwt" {
  interface JWT { role?: string }
}
export const accountType: AdapterAccountType = "oidc";
export const { auth } = NextAuth({
  providers: [Credentials({ credentials: { username: {} }, authorize: (c) => (c.username ? { id: "1" } : null) })],
  callbacks: {
    authorized: ({ auth, request }) => Boolean(auth) || request.nextUrl.pathname === "/",
    jwt: ({ token }) => ({ ...token, role: token.role?.toUpperCase() ?? "MEMBER" }),
  },
});
`);
    const module = moduleResolution === "node16" ? "node16" : "esnext";
    const options = ["--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", module, "--moduleResolution", moduleResolution, "--types", "node"];
    await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), ...options, "consumer.ts"], { cwd: dir }).catch((error) => {
      throw new Error(`tsc (moduleResolution ${moduleResolution}):\n${error.stdout}${error.stderr}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files a built module reaches (chunks included) and the packages they import, as esbuild resolves them. */
async function importGraph(entry: string): Promise<{ files: string[]; bare: string[] }> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    packages: "external",
    platform: "neutral",
    format: "esm",
    logLevel: "silent",
  });
  const inputs = Object.values(metafile.inputs);
  return {
    files: Object.keys(metafile.inputs).map((file) => resolve(root, file)),
    bare: [...new Set(inputs.flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path)))],
  };
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function subpathOf(entry: string): string {
  return entry === "index" ? "sekisho" : `sekisho/${entry}`;
}

/** `npm run build`; a failure carries the end of the build's output, where tsup puts the errors. */
async function buildPackage(): Promise<void> {
  try {
    await run("npm", ["run", "build"], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-60).join("\n");
    throw new Error(`npm run build failed:\n${tail}`);
  }
}

beforeAll(async () => {
  if (!distIsFresh()) await buildPackage();
}, 600_000);

describe("the built package", () => {
  it("builds every entry with its types", () => {
    expect(Object.keys(built)).toEqual(expect.arrayContaining(["index", "jwt", "testing", "providers/credentials", "providers/github"]));
    for (const name of Object.keys(built)) {
      expect(existsSync(join(dist, `${name}.js`)), `dist/${name}.js`).toBe(true);
      expect(existsSync(join(dist, `${name}.d.ts`)), `dist/${name}.d.ts`).toBe(true);
    }
  });

  it("keeps \"use client\" at the top of client-component entries", () => {
    const clientEntries = Object.entries(built).filter(([, source]) => isClientModule(join(root, source)));
    for (const [name] of clientEntries) {
      expect(readFileSync(join(dist, `${name}.js`), "utf8").startsWith(`"use client";\n`), name).toBe(true);
    }
    for (const name of ["index", "jwt"]) expect(readFileSync(join(dist, `${name}.js`), "utf8")).not.toContain("use client");
  });

  it("leaves helper modules out of the provider entries", () => {
    for (const helper of ["types", "parse", "logos"]) expect(built).not.toHaveProperty(`providers/${helper}`);
  });

  it("resolves every module entry through its own exports map", async () => {
    const specifiers = Object.keys(modules).map(subpathOf);
    const resolved: Record<string, string> = await inPackage(
      `const specs = ${JSON.stringify(specifiers)};
       console.log(JSON.stringify(Object.fromEntries(specs.map((s) => [s, import.meta.resolve(s)]))));`,
    );
    for (const name of Object.keys(modules)) {
      expect(resolved[subpathOf(name)]).toBe(new URL(`file://${join(dist, `${name}.js`)}`).href);
    }
  });

  it("points bin at each built command-line program, which runs", async () => {
    const bins = Object.keys(binEntries()).map((name) => `dist/${name}.js`);
    expect(Object.values(pkg.bin ?? {}).sort()).toEqual(bins.sort());
    for (const bin of bins) {
      expect(readFileSync(join(root, bin), "utf8").startsWith("#!/usr/bin/env node\n"), bin).toBe(true);
      const { stdout } = await run(process.execPath, [join(root, bin), "--help"], { cwd: root });
      expect(stdout).toContain("Usage: sekisho");
    }
  });

  it("declares types first and next to every import condition, and every target exists", () => {
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
      if (subpath === "./package.json") continue;
      const conditions = target as Record<string, string>;
      expect(Object.keys(conditions)[0], subpath).toBe("types");
      expect(conditions.types.replace(/\.d\.ts$/, ""), subpath).toBe(conditions.import.replace(/\.js$/, ""));
      if (subpath.includes("*")) continue;
      for (const file of Object.values(conditions)) expect(existsSync(join(root, file)), `${subpath}: ${file}`).toBe(true);
    }
  });

  it("maps every subpath's types in typesVersions, for moduleResolution node, which ignores exports", () => {
    const paths: Record<string, string[]> = pkg.typesVersions["*"];
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, { types?: string }>)) {
      if (subpath === "." || subpath === "./package.json") continue;
      const key = subpath.slice(2);
      const wildcard = key.replace(/\/[^/*]+$/, "/*");
      const mapped = paths[key] ?? paths[wildcard]?.map((path) => path.replace("*", key.slice(wildcard.length - 1)));
      expect(mapped, subpath).toEqual([target.types]);
    }
    expect(pkg.types).toBe(pkg.exports["."].types);
  });

  for (const moduleResolution of ["node", "node16", "bundler"] as const) {
    it(`resolves the types of every subpath under moduleResolution ${moduleResolution}`, async () => {
      await typeCheckConsumer(moduleResolution);
    }, 120_000);
  }

  it("keeps @simplewebauthn/server out of the WebAuthn providers under the edge-light condition (Next.js middleware)", async () => {
    const names = Object.keys(edgeEntries()).map((name) => name.replace(/\.edge-light$/, ""));
    expect(names.sort()).toEqual(["providers/passkey", "providers/webauthn"]);
    const specifiers = names.map(subpathOf);
    const resolve = `const specs = ${JSON.stringify(specifiers)};
       console.log(JSON.stringify(specs.map((s) => import.meta.resolve(s))));`;
    const edge: string[] = await inPackage(resolve, ["edge-light"]);
    const node: string[] = await inPackage(resolve);
    for (const [i, name] of names.entries()) {
      expect(edge[i]).toBe(new URL(`file://${join(dist, `${name}.edge-light.js`)}`).href);
      expect(node[i]).toBe(new URL(`file://${join(dist, `${name}.js`)}`).href);
      expect((await importGraph(new URL(edge[i]).pathname)).bare, name).not.toContain("@simplewebauthn/server");
      expect((await importGraph(new URL(node[i]).pathname)).bare, name).toContain("@simplewebauthn/server");
    }
    // The Edge build is the same provider, only without ceremonies that need @simplewebauthn/server.
    const providers = await inPackage(
      `const { InvalidProvider } = await import("sekisho");
       const { default: Passkey } = await import("sekisho/providers/passkey");
       const p = Passkey();
       let refused = "";
       try { await p[Symbol.for("sekisho.signInMethod")].options({}, p); } catch (error) { refused = error instanceof InvalidProvider && error.type; }
       console.log(JSON.stringify({ id: p.id, selection: p.registrationOptions.authenticatorSelection, refused }));`,
      ["edge-light"],
    );
    expect(providers).toEqual({ id: "passkey", selection: { residentKey: "required", userVerification: "required" }, refused: "InvalidProvider" });
  });

  it("signs in with credentials through the published modules", async () => {
    const result = await inPackage(`
      const { createAuth, CredentialsSignin } = await import("sekisho");
      const { default: Credentials } = await import("sekisho/providers/credentials");
      const { encode, decode } = await import("sekisho/jwt");
      const auth = createAuth({
        secret: "package-test-secret-0123456789abcdef",
        trustHost: true,
        providers: [Credentials({
          credentials: { username: {}, password: {} },
          authorize: (c) => c.username === "ada" && c.password === "pw" ? { id: "1", name: "Ada", email: "ada@example.com" } : null,
        })],
      });
      const base = "http://localhost/auth";
      const csrf = await auth.fetch(new Request(base + "/csrf"));
      const { csrfToken } = await csrf.json();
      const csrfCookie = csrf.headers.getSetCookie()[0].split(";")[0];
      const post = (password) => auth.fetch(new Request(base + "/callback/credentials", {
        method: "POST",
        headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, username: "ada", password, callbackUrl: "/home" }),
      }));
      const refused = await post("wrong");
      const accepted = await post("pw");
      const sessionCookie = accepted.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token=")).split(";")[0];
      const session = await auth.auth(new Request(base + "/session", { headers: { cookie: sessionCookie } }));
      const salt = "authjs.session-token";
      const secret = "package-test-secret-0123456789abcdef";
      const token = await encode({ token: { sub: "1", name: "Ada" }, secret, salt });
      const decoded = await decode({ token, secret, salt });
      console.log(JSON.stringify({
        basePath: auth.basePath,
        refused: refused.headers.get("location"),
        accepted: accepted.headers.get("location"),
        user: session?.user,
        decodedName: decoded?.name,
        errorIsClass: typeof CredentialsSignin === "function",
      }));
    `);
    expect(result.basePath).toBe("/auth");
    expect(result.refused).toContain("error=CredentialsSignin");
    expect(result.accepted).toBe("http://localhost/home");
    expect(result.user).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(result.decodedName).toBe("Ada");
    expect(result.errorIsClass).toBe(true);
  });

  it("makes, through sekisho/testing, sessions the published core reads", async () => {
    const result = await inPackage(`
      const { createAuth } = await import("sekisho");
      const { MemoryAdapter } = await import("sekisho/adapters/memory");
      const { sessionCookie, databaseSession } = await import("sekisho/testing");
      const secret = "package-test-secret-0123456789abcdef";
      const user = { id: "1", name: "Ada", email: "ada@example.com" };
      const jwt = await sessionCookie({ secret, user });
      const adapter = MemoryAdapter();
      const database = await databaseSession(adapter, { user });
      const read = (auth, cookie) => auth.auth(new Request("http://localhost/", { headers: { cookie } }));
      const jwtApp = createAuth({ secret, trustHost: true, providers: [] });
      const databaseApp = createAuth({ secret, trustHost: true, providers: [], adapter });
      console.log(JSON.stringify({
        jwt: (await read(jwtApp, jwt.header))?.user,
        database: (await read(databaseApp, database.header))?.user,
      }));
    `);
    expect(result).toEqual({ jwt: { name: "Ada", email: "ada@example.com" }, database: { name: "Ada", email: "ada@example.com", image: null } });
  });

  it("gives every entry the one instance of the core: its error classes, symbols and sign-in methods", async () => {
    const result = await inPackage(`
      const core = await import("sekisho");
      const next = await import("sekisho/next");
      const hono = await import("sekisho/hono");
      const { default: GitHub } = await import("sekisho/providers/github");
      const { default: Credentials } = await import("sekisho/providers/credentials");
      const secret = "package-test-secret-0123456789abcdef";
      const plain = { id: "plain", name: "Plain", type: "credentials", authorize: () => null };
      const thrown = (create) => { try { create(); } catch (error) { return error; } };
      const byCore = thrown(() => core.createAuth({ secret, providers: [plain] }));
      const byHono = thrown(() => hono.honoAuth({ secret, providers: [plain] }));
      const auth = hono.honoAuth({ secret, trustHost: true, providers: [GitHub({ clientId: "id", clientSecret: "s" }), Credentials({ authorize: () => null })] });
      const csrf = await auth.app.fetch(new Request("http://localhost/auth/csrf"));
      const { csrfToken } = await csrf.json();
      const post = (path) => auth.app.fetch(new Request("http://localhost/auth" + path, {
        method: "POST",
        headers: { cookie: csrf.headers.getSetCookie()[0].split(";")[0], "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }));
      const github = new URL((await post("/signin/github")).headers.get("location"));
      console.log(JSON.stringify({
        sameClasses: ["AuthError", "InvalidProvider", "CredentialsSignin"].every((name) => next[name] === core[name] && hono[name] === core[name]),
        sameSymbols: next.customFetch === core.customFetch && hono.skipCSRFCheck === core.skipCSRFCheck,
        coreErrorIsTheShims: byCore instanceof next.InvalidProvider && byCore instanceof hono.InvalidProvider,
        shimErrorIsTheCores: byHono instanceof core.InvalidProvider,
        github: github.origin + github.pathname,
        credentials: (await post("/callback/credentials")).headers.get("location"),
      }));
    `);
    expect(result).toEqual({
      sameClasses: true,
      sameSymbols: true,
      coreErrorIsTheShims: true,
      shimErrorIsTheCores: true,
      github: "https://github.com/login/oauth/authorize",
      credentials: "http://localhost/auth/signin?error=CredentialsSignin&code=credentials",
    });
  });

  it("loads the core from one chunk: sekisho and a provider module are four files", async () => {
    const files = (await filesLoaded(["sekisho", "sekisho/providers/github"])).filter((file) => file.startsWith(`${dist}/`));
    // index.js, the core, the sign-in options it shares with the browser client, and github.js. (Split by the sets
    // of entries sharing each slice of the core, it was 26 files.)
    expect(files.length, files.map((file) => relative(dist, file)).join(", ")).toBeLessThanOrEqual(4);
  });

  it("keeps the core (and Hono) out of the browser entries", async () => {
    for (const name of browserEntries) {
      const files = await filesLoaded([subpathOf(name)]);
      expect(files.filter((file) => file.includes("/node_modules/hono/")), name).toEqual([]);
    }
  });

  it("keeps Node-only modules and drivers out of the core bundle", async () => {
    const runtime = new Set(Object.keys(pkg.dependencies));
    const nodeOnly = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    for (const entry of ["index", "jwt", "testing"]) {
      const imports = (await importGraph(join(dist, `${entry}.js`))).bare;
      const reason = `dist/${entry}.js imports ${imports.join(", ")}`;
      expect(imports.filter((specifier) => specifier.startsWith("node:") || nodeOnly.has(specifier)), reason).toEqual([]);
      expect(imports.filter((specifier) => peerPackages.includes(packageName(specifier))), reason).toEqual([]);
      expect(imports.filter((specifier) => !runtime.has(packageName(specifier))), reason).toEqual([]);
    }
  });

  it("follows the core into its chunks", async () => {
    const { files, bare } = await importGraph(join(dist, "index.js"));
    const chunks = files.filter((file) => relative(dist, file).startsWith("chunk-"));
    expect(chunks.length).toBeGreaterThan(0);
    expect(bare.map(packageName)).toContain("hono");
  });
});
