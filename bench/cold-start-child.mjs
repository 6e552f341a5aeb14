// Run fresh by cold-start.ts: import one library (sekisho from its build), build it, answer one
// jwt-session request, and print two figures in milliseconds: since the process started (Node's own
// boot included), and the library's part, from just before its first import to the body read.
const [lib, token] = process.argv.slice(2);
const secret = process.env.BENCH_SECRET;
const request = new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${token}` } });
const libraryStart = performance.now();
let response;
if (lib === "sekisho") {
  const { createAuth } = await import("sekisho");
  const { default: GitHub } = await import("sekisho/providers/github");
  response = await createAuth({ secret, trustHost: true, providers: [GitHub] }, { env: {} }).fetch(request);
} else {
  const { Auth } = await import("@auth/core");
  const { default: GitHub } = await import("@auth/core/providers/github");
  response = await Auth(request, { secret, trustHost: true, basePath: "/auth", providers: [GitHub] });
}
const body = await response.json();
const end = performance.now();
if (body?.user?.email !== "cold@example.com") throw new Error(`cold start: ${lib} found no session`);
process.stdout.write(JSON.stringify({ processTotal: end, library: end - libraryStart }));
