/**
 * The two libraries under the same configuration: one OAuth provider (GitHub), credentials and optionally an
 * OpenID provider, the same secret, basePath and cookies. A session cookie minted by either library is read
 * by both (they share the JWE format), so every scenario feeds both the very same requests.
 */
import { Auth } from "@auth/core";
import ReferenceCredentials from "@auth/core/providers/credentials";
import ReferenceGitHub from "@auth/core/providers/github";
import { createAuth, Credentials, GitHub, signInMethods } from "./built-package.js";
import type { Adapter } from "../src/adapters/adapter-contract.js";

export const secret = "bench-secret-0123456789abcdefghijklmnopqrstuvwxyz";
export const origin = "http://localhost:3000";
export const basePath = "/auth";
export const user = { id: "bench-user", name: "Bench User", email: "bench@example.com", image: null };
export const sessionCookieName = "authjs.session-token";

const authorize = async () => user;

export interface Subject {
  name: "sekisho" | "reference";
  /** Handles a request under basePath. */
  handle(request: Request): Promise<Response>;
  /** The server-side session lookup without routing (next-auth's `auth()`). */
  session(request: Request): Promise<unknown>;
}

/** An OpenID provider found by discovery, given to both libraries as the very same object. */
export interface OidcProvider {
  id: string;
  name: string;
  type: "oidc";
  issuer: string;
  clientId: string;
  clientSecret: string;
  checks: ("pkce" | "state" | "nonce")[];
}

export interface SubjectOptions {
  adapter?: Adapter;
  /** With an adapter, database sessions unless this says jwt. */
  strategy?: "jwt" | "database";
  oidc?: OidcProvider;
}

export function sekisho({ adapter, strategy = "database", oidc }: SubjectOptions = {}): Subject {
  const auth = createAuth(
    {
      secret,
      basePath,
      trustHost: true,
      adapter,
      session: adapter ? { strategy } : undefined,
      providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Credentials({ credentials: { username: {} }, authorize }), ...(oidc ? [oidc] : [])],
    },
    // the same plain OIDC object goes to both libraries, as an Auth.js configuration would
    { env: {}, methods: signInMethods },
  );
  return { name: "sekisho", handle: auth.fetch, session: auth.auth };
}

export function reference({ adapter, strategy = "database", oidc }: SubjectOptions = {}): Subject {
  const config = {
    secret,
    basePath,
    trustHost: true,
    adapter: adapter as never,
    session: adapter ? { strategy } : undefined,
    providers: [ReferenceGitHub({ clientId: "id", clientSecret: "secret" }), ReferenceCredentials({ credentials: { username: {} }, authorize }), ...(oidc ? [oidc] : [])],
  };
  return {
    name: "reference",
    handle: (request) => Auth(request, config),
    session: async (request) => {
      const response = await Auth(new Request(`${origin}${basePath}/session`, { headers: request.headers }), config);
      return response.json();
    },
  };
}
