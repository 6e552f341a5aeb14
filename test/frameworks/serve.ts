/**
 * Builds (or reuses the cached build of) an example app and serves it on http://localhost:3000:
 *   AUTH_SECRET=… npx tsx test/frameworks/serve.ts next|sveltekit
 * The environment is passed on, so AUTH_IDP_ISSUER, AUTH_IDP_ID and AUTH_IDP_SECRET enable the IdP button.
 */
import { builtApp, startApp, type AppName } from "./apps.js";

const app = process.argv[2] as AppName;
if (app !== "next" && app !== "sveltekit") {
  console.error("usage: npx tsx test/frameworks/serve.ts next|sveltekit");
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const running = await startApp(app, await builtApp(app), { AUTH_URL: `http://localhost:${port}`, ...(process.env as Record<string, string>) }, port);
console.log(`examples/${app} running at ${running.url}`);
// What the app prints (a configuration error among it) belongs in this terminal, as with `next start` itself.
let shown = 0;
const echo = () => {
  const output = running.output();
  process.stdout.write(output.slice(shown));
  shown = output.length;
};
echo();
setInterval(echo, 200);
process.on("SIGINT", () => void running.close().then(() => process.exit(0)));
