import { Hono } from "hono";
import Credentials from "../../src/providers/credentials.js";
import { honoAuth, type SessionVariables } from "../../shims/hono/index.js";

/** What wrangler.toml and `wrangler secret put` provide. */
export interface Bindings {
  AUTH_SECRET: string;
}

type WorkerEnv = { Bindings: Bindings; Variables: SessionVariables };

const user = { id: "worker-user", name: "Worker User", email: "worker@example.com" };

/** Lazy configuration: a function of the Hono context, so the secret comes from the env binding. */
const auth = honoAuth<WorkerEnv>((c) => ({
  secret: c.env.AUTH_SECRET,
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) => (username === "demo" && password === "demo" ? user : null),
    }),
  ],
}));

const app = new Hono<WorkerEnv>();
app.route("/", auth.app);
app.get("/", (c) => c.text("sekisho on Cloudflare Workers. Sign in at /auth/signin, then visit /protected."));
app.get("/protected", auth.requireAuth({ api: true }), (c) => {
  const session = c.var.session!;
  return c.json({ message: `Hello, ${session.user?.name}`, session });
});

export default app;
