// Run fresh by cold-start.ts: import one library (sekisho from its build), build it, answer one
// jwt-session request, and print the milliseconds since the process started.
const [lib, token] = process.argv.slice(2);
const secret = process.env.BENCH_SECRET;
const request = new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${token}` } });
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
if (body?.user?.email !== "cold@example.com") throw new Error(`cold start: ${lib} found no session`);
process.stdout.write(String(performance.now()));
