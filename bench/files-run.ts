/**
 * files-run: the source files in which any function runs to answer one request, counted with V8's precise
 * coverage (function call counts) around one warmed request, sekisho run from its TypeScript sources. The
 * reference (@auth/core, its published JavaScript) gets the same requests, for comparison.
 *
 * Coverage starts before either library is imported, so no function escapes it by being compiled earlier.
 * Each request is warmed a few times first; the counters are then reset, the one request runs, and every
 * function that was called counts its file. GitHub's token and user endpoints are answered in-process by a
 * stand-in for the global fetch, so the callback is measured without a network.
 *
 * `npm run bench:files` prints the counts and the lists; `-- --json` prints them as JSON.
 */
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const sourceDirs = ["src/", "pages/", "shims/"];
/**
 * The reference's files, wherever node_modules really lives: under the repository (a path relative to it) or a link
 * to another checkout (an absolute path).
 */
const referenceDir = "node_modules/@auth/core/";
const warmups = 20;

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

const inspector = new Session();
inspector.connect();
await inspector.post("Profiler.enable");
await inspector.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });

/** The files (paths under the repository, or absolute) in which some function was called since the last take. */
async function takeFilesRun(): Promise<string[]> {
  const { result } = (await inspector.post("Profiler.takePreciseCoverage")) as { result: ScriptCoverage[] };
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith("file://")) continue;
    const path = fileURLToPath(script.url);
    if (script.functions.some((fn) => fn.ranges[0]?.count > 0)) files.add(path.startsWith(root) ? path.slice(root.length) : path);
  }
  return [...files].sort();
}

const githubUser = { id: 4242, login: "bench", name: "Bench User", email: "bench@example.com", avatar_url: "https://avatars.example/u/4242" };

/** GitHub's token and REST endpoints, answered in-process; anything else goes to the real fetch. */
function fakeGitHub(realFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.href === "https://github.com/login/oauth/access_token") {
      return Response.json({ access_token: `gho_${crypto.randomUUID()}`, token_type: "bearer", scope: "read:user,user:email" });
    }
    if (url.href === "https://api.github.com/user") return Response.json(githubUser);
    if (url.href === "https://api.github.com/user/emails") return Response.json([{ email: githubUser.email, primary: true, verified: true, visibility: "public" }]);
    return realFetch(input, init);
  };
}
globalThis.fetch = fakeGitHub(globalThis.fetch);

const { createClient } = await import("../test/helpers/auth-client.js");
const { encode } = await import("../src/jwt.js");
const { basePath, origin, reference, secret, sekisho, sessionCookieName, user } = await import("./subjects.js");
type Subject = ReturnType<typeof sekisho>;

const jwtCookie = `${sessionCookieName}=${await encode({ token: { name: user.name, email: user.email, picture: null, sub: user.id }, secret, salt: sessionCookieName })}`;

function expectStatus(what: string, response: Response, status: number) {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}`);
}

/** A request measured: `prepare` runs outside the measure (a sign-in's first leg), `send` is the one request. */
interface Measured {
  name: string;
  prepare?(subject: Subject): Promise<unknown>;
  send(subject: Subject, prepared: unknown): Promise<void>;
}

const get = (path: string, cookie?: string) => new Request(`${origin}${basePath}${path}`, { headers: cookie ? { cookie } : undefined });

const measures: Measured[] = [
  {
    name: "(a) GET /session, valid jwt cookie",
    send: async (subject) => {
      const response = await subject.handle(get("/session", jwtCookie));
      expectStatus("session", response, 200);
      if (((await response.json()) as { user?: { email?: string } }).user?.email !== user.email) throw new Error("session: not the user's");
    },
  },
  {
    name: "(b) GitHub OAuth callback",
    prepare: async (subject) => {
      const client = createClient({ origin, send: subject.handle }, basePath);
      const started = await client.send("/signin/github", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
      expectStatus("sign-in", started, 302);
      const state = new URL(started.headers.get("location")!).searchParams.get("state");
      return { client, query: `?code=code-${crypto.randomUUID()}${state ? `&state=${state}` : ""}` };
    },
    send: async (_subject, prepared) => {
      const { client, query } = prepared as { client: ReturnType<typeof createClient>; query: string };
      const response = await client.send(`/callback/github${query}`);
      expectStatus("callback", response, 302);
      if (!client.jar.get(sessionCookieName)) throw new Error("callback: no session cookie");
    },
  },
  {
    name: "(c) GET /session, no cookie",
    send: async (subject) => {
      const response = await subject.handle(get("/session"));
      expectStatus("no-session", response, 200);
      if ((await response.json()) !== null) throw new Error("no-session: expected null");
    },
  },
  {
    name: "(d) GET /signin (the sign-in page)",
    send: async (subject) => {
      const response = await subject.handle(get("/signin"));
      expectStatus("sign-in page", response, 200);
      if (!(await response.text()).includes("GitHub")) throw new Error("sign-in page: no GitHub button");
    },
  },
];

async function filesRun(measure: Measured, subject: Subject): Promise<string[]> {
  for (let i = 0; i < warmups; i++) await measure.send(subject, await measure.prepare?.(subject));
  const prepared = await measure.prepare?.(subject);
  await takeFilesRun();
  await measure.send(subject, prepared);
  return takeFilesRun();
}

const subjects = [sekisho(), reference()];
const results = [];
for (const measure of measures) {
  const sekishoFiles = (await filesRun(measure, subjects[0])).filter((file) => sourceDirs.some((dir) => file.startsWith(dir)));
  const referenceFiles = (await filesRun(measure, subjects[1])).filter((file) => file.includes(referenceDir));
  results.push({ name: measure.name, sekisho: sekishoFiles, reference: referenceFiles.map((file) => file.slice(file.indexOf(referenceDir) + referenceDir.length)) });
}
await inspector.post("Profiler.stopPreciseCoverage");
inspector.disconnect();

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const result of results) {
    console.log(`${result.name}: sekisho ${result.sekisho.length} files, the reference ${result.reference.length}`);
    for (const file of result.sekisho) console.log(`  ${file}`);
    console.log(`  reference (@auth/core): ${result.reference.join(", ")}`);
  }
}
