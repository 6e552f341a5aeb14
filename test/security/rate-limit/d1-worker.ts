/** A Worker for the D1 rate-limit suite: credentials sign-in on D1, rate limits on with small limits. */
import { D1Adapter, type D1Database } from "../../../src/adapters/d1.js";
import { createAuth } from "../../../src/index.js";
import Credentials from "../../../src/providers/credentials.js";

let auth: ReturnType<typeof createAuth> | undefined;

export default {
  fetch(request: Request, env: { DB: D1Database }): Promise<Response> {
    auth ??= createAuth(
      {
        secret: "d1-worker-rate-limit-secret-0123456789abcdef",
        trustHost: true,
        adapter: D1Adapter(env.DB),
        session: { strategy: "jwt" },
        providers: [Credentials({ credentials: { username: {}, password: { type: "password" } }, authorize: () => null })],
        rateLimit: { enabled: true, limits: { credentials: { perIdentifier: 6, perIp: 9 } } },
        logger: { error: () => {}, warn: () => {} },
      },
      { env: {} },
    );
    return auth.fetch(request, env);
  },
};
