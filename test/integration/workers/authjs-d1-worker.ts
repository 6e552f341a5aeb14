/**
 * A Worker as an Auth.js app on D1 writes it: sekisho mounted in Hono, `@auth/d1-adapter` on the D1 binding,
 * database sessions, email sign-in. Its mail goes nowhere: the link is kept in the isolate, and `/test/link` hands
 * the test the last one sent to an address.
 */
import { D1Adapter } from "@auth/d1-adapter";
import { Hono } from "hono";
import Resend from "../../../src/providers/resend.js";
import { honoAuth } from "../../../shims/hono/index.js";

interface Bindings {
  AUTH_SECRET: string;
  DB: Parameters<typeof D1Adapter>[0];
}

const links = new Map<string, string>();

const auth = honoAuth<{ Bindings: Bindings }>((c) => ({
  secret: c.env.AUTH_SECRET,
  adapter: D1Adapter(c.env.DB),
  providers: [
    Resend({
      apiKey: "re_unused",
      from: "app@example.com",
      sendVerificationRequest: async ({ identifier, url }) => void links.set(identifier, url),
    }),
  ],
}));

const app = new Hono<{ Bindings: Bindings }>();
app.route("/", auth.app);
app.get("/test/link", (c) => {
  const link = links.get(c.req.query("email") ?? "");
  return link ? c.text(link) : c.notFound();
});

export default app;
