/**
 * An example app for one spec file: built, started on a free port against a local OpenID provider that
 * knows one user, and driven in Chromium; everything closed after the file's last test.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "../helpers/browser.js";
import { idpClients, startIdp, type Idp, type IdpOptions, type IdpUser } from "../helpers/oidc-idp.js";
import { standIn } from "../helpers/stand-in.js";
import { builtApp, freePort, startApp, type AppName, type RunningApp } from "./apps.js";
import { withPage } from "./pages.js";

/** An app the suite can build and start: one of the examples, or a test app. */
export interface AppTarget {
  label: string;
  /** The built app's directory. */
  build(): Promise<string>;
  start(dir: string, env: Record<string, string>, port: number): Promise<RunningApp>;
}

const exampleApp = (name: AppName): AppTarget => ({
  label: `examples/${name}`,
  build: () => builtApp(name),
  start: (dir, env, port) => startApp(name, dir, env, port),
});

export interface ExampleOptions {
  secret: string;
  /** The one user the OpenID provider knows. */
  user: IdpUser;
  /** Where the app serves its auth routes: the IdP's callback is `<authPath>/callback/idp`. */
  authPath: string;
  /** Refresh tokens and the access-token lifetime at the OpenID provider. */
  idpOptions?: IdpOptions;
  /** More of the app's environment, e.g. `RECENT_SIGN_IN_SECONDS`. */
  env?: Record<string, string>;
}

export interface ExampleSuite {
  app: RunningApp;
  idp: Idp;
  /** The build folder and the environment the app was started with. */
  built: { dir: string; env: Record<string, string> };
  /** Runs `run` in a fresh browser context; a failure carries the tail of the app's output. */
  withPage(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void>;
}

export function exampleForSuite(app: AppName | AppTarget, { secret, user, authPath, idpOptions, env: more = {} }: ExampleOptions): ExampleSuite {
  const target = typeof app === "string" ? exampleApp(app) : app;
  let started: { app: RunningApp; idp: Idp; built: ExampleSuite["built"] } | undefined;
  let idp: Idp | undefined;
  let running: RunningApp | undefined;
  let launched: Promise<Browser> | undefined;
  // Launched inside the tests, so a missing Chromium fails them rather than skipping them.
  const browser = () => (launched ??= launchChromium());

  beforeAll(async () => {
    const dir = await target.build();
    idp = await startIdp([user], idpOptions);
    const port = await freePort();
    const url = `http://localhost:${port}`;
    await idp.setRedirectUris([`${url}${authPath}/callback/idp`]);
    const env = {
      AUTH_SECRET: secret,
      AUTH_URL: url,
      AUTH_IDP_ISSUER: idp.issuer,
      AUTH_IDP_ID: idpClients.confidential.client_id,
      AUTH_IDP_SECRET: idpClients.confidential.client_secret,
      ...more,
    };
    running = await target.start(dir, env, port);
    started = { app: running, idp, built: { dir, env } };
  }, 15 * 60_000);

  afterAll(async () => {
    await launched?.then((b) => b.close(), () => undefined);
    await running?.close();
    await idp?.close();
  });

  const now = () => {
    if (!started) throw new Error(`${target.label} runs only while its suite does`);
    return started;
  };
  return {
    app: standIn(() => now().app),
    idp: standIn(() => now().idp),
    built: standIn(() => now().built),
    withPage: (run) => withPage(browser, () => now().app.output(), run),
  };
}
