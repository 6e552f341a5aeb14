// A minimal Worker: GitHub sign-in with JWT sessions.
import { createAuth } from "../../src/index.js";
import GitHub from "../../src/providers/github.js";

export default {
  fetch: (request: Request, env: { AUTH_SECRET: string }) =>
    createAuth({ secret: env.AUTH_SECRET, trustHost: true, providers: [GitHub] }, { env: {} }).fetch(request),
};
