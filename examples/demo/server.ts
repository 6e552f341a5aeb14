import { serve } from "@hono/node-server";
import { pathToFileURL } from "node:url";
import { createDemoApp } from "./app.js";
import { createDemoAuth, createMailbox, DemoSecretError, demoIdpClient, demoSecret, isLoopback, type DemoEnv } from "./auth.js";
import { startLocalIdp } from "./local-idp.js";
import { loopbackHostsOnly } from "./loopback-hosts.js";

export interface DemoOptions {
  /** 0 picks a free port. Default: env PORT, else 3000. */
  port?: number;
  /** The address to listen on. Default: env HOST, else localhost. */
  host?: string;
  env?: DemoEnv;
  /** Where sign-in emails are printed; the terminal by default. */
  print?: (line: string) => void;
}

export interface RunningDemo {
  url: string;
  /** The demo's own OpenID provider. */
  idpIssuer: string;
  close(): Promise<void>;
}

/** Starts the demo IdP and the demo on localhost; resolves once both accept connections. */
export async function startDemo({ env = process.env, port = Number(env.PORT ?? 3000), host = env.HOST ?? "localhost", print }: DemoOptions = {}): Promise<RunningDemo> {
  const secret = demoSecret(env, host);
  const idp = await startLocalIdp({ clients: [demoIdpClient], quiet: true });
  const mailbox = createMailbox(print);
  // The mailbox hands out sign-in links: only to this machine, and never in production.
  const onLoopback = isLoopback(host);
  const devTools = env.NODE_ENV !== "production" && onLoopback;
  const app = createDemoApp(await createDemoAuth(env, { idpIssuer: idp.issuer, mailbox }, secret), { mailbox, devTools });
  const url = await listen(onLoopback ? loopbackHostsOnly(app.fetch) : app.fetch, port, host).catch(async (error: unknown) => {
    await idp.close();
    throw error;
  });
  await idp.setRedirectUris([`${url.url}/auth/callback/demo-idp`]);
  return {
    url: url.url,
    idpIssuer: idp.issuer,
    close: async () => {
      await url.close();
      await idp.close();
    },
  };
}

/** The port is taken: said in one line, with the fix, instead of a stack trace. */
export class PortInUseError extends Error {
  constructor(port: number) {
    super(`sekisho demo: port ${port} is already in use. Stop what is using it, or pick another port: PORT=${port + 1} npm start`);
    this.name = "PortInUseError";
  }
}

/** How a browser on this machine reaches a server bound to `host`. */
function browserHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || isLoopback(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(fetch: (request: Request, env?: unknown) => Response | Promise<Response>, port: number, host: string) {
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info) => {
      resolve({
        url: `http://${browserHost(host)}:${info.port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
    server.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? new PortInUseError(port) : error));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const demo = await startDemo();
    console.log(`sekisho demo running at ${demo.url} (its Demo IdP is at ${demo.idpIssuer})`);
  } catch (error) {
    if (!(error instanceof PortInUseError || error instanceof DemoSecretError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
