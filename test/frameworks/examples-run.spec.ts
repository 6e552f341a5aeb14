/**
 * The examples as their READMEs run them: only AUTH_SECRET set, none of the optional AUTH_IDP_* variables.
 * They answer their pages and offer no IdP button, instead of 500 everywhere (Next) or a crash (SvelteKit).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtApp, freePort, startApp, type AppName, type RunningApp } from "./apps.js";

const secret = "examples-run-secret-0123456789abcdefghijklmnop";

const cases: [AppName, { signIn: string; providers: string }][] = [
  ["next", { signIn: "/login", providers: "/api/auth/providers" }],
  ["sveltekit", { signIn: "/", providers: "/auth/providers" }],
];

describe.each(cases)("examples/%s without the optional IdP variables", (name, paths) => {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    // as serve.ts, the documented command, starts it
    const port = await freePort();
    app = await startApp(name, await builtApp(name), { AUTH_SECRET: secret, AUTH_URL: `http://localhost:${port}` }, port);
  });
  afterAll(() => app?.close());

  it("answers its home and sign-in pages, without an IdP button, and lists only the credentials provider", async () => {
    const home = await fetch(`${app!.url}/`);
    expect(home.status, app!.output()).toBe(200);
    expect(await home.text()).toContain("Not signed in");
    const signIn = await fetch(`${app!.url}${paths.signIn}`);
    expect(signIn.status, app!.output()).toBe(200);
    const page = await signIn.text();
    expect(page).toContain("Sign in with password");
    expect(page).not.toContain("Company IdP");
    expect(Object.keys(await (await fetch(`${app!.url}${paths.providers}`)).json())).toEqual(["credentials"]);
  });
});
