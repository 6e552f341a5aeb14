// The same Worker written against the reference library.
import { Auth } from "@auth/core";
import GitHub from "@auth/core/providers/github";

export default {
  fetch: (request: Request, env: { AUTH_SECRET: string }) =>
    Auth(request, { secret: env.AUTH_SECRET, trustHost: true, basePath: "/auth", providers: [GitHub] }),
};
