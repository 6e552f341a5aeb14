/**
 * sekisho/react's exported signIn, signOut and getters go to the basePath of the SessionProvider, as
 * next-auth's do (`<SessionProvider basePath>`), and to /api/auth without one.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCsrfToken, getProviders, getSession, SessionProvider, signIn, signOut } from "../../../shims/react/index.js";

/** Answers every fetch as sekisho would for these calls, and records the paths asked for. */
function recordFetches(): string[] {
  const paths: string[] = [];
  vi.stubGlobal("fetch", async (input: string) => {
    const path = new URL(input, "http://localhost").pathname;
    paths.push(path);
    const body = path.endsWith("/csrf")
      ? { csrfToken: "token" }
      : path.endsWith("/providers")
        ? { credentials: { id: "credentials", type: "credentials", signinUrl: "/x", callbackUrl: `${path.replace(/\/providers$/, "")}/callback/credentials` } }
        : path.endsWith("/session")
          ? null
          : { url: "http://localhost/" };
    return Response.json(body);
  });
  vi.stubGlobal("window", { location: { href: "http://localhost/page" } });
  return paths;
}

async function callEverything() {
  await getSession();
  await getProviders();
  await getCsrfToken();
  await signIn("credentials", { username: "demo", redirect: false });
  await signOut({ redirect: false, redirectTo: "/" });
}

afterEach(() => vi.unstubAllGlobals());

describe("sekisho/react: the exported calls follow <SessionProvider basePath>", () => {
  it("use the provider's basePath", async () => {
    renderToString(createElement(SessionProvider, { basePath: "/custom/auth", session: null }));
    const paths = recordFetches();
    await callEverything();
    expect(new Set(paths)).toEqual(new Set(["/custom/auth/session", "/custom/auth/providers", "/custom/auth/csrf", "/custom/auth/callback/credentials", "/custom/auth/signout"]));
  });

  it("use /api/auth under a provider without one", async () => {
    renderToString(createElement(SessionProvider, { session: null }));
    const paths = recordFetches();
    await callEverything();
    expect(paths.every((path) => path.startsWith("/api/auth/"))).toBe(true);
  });
});
