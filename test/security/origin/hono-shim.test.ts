/** Finding 6 in sekisho/hono: the guard's redirect to sign-in is built from the core's one origin derivation. */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { honoAuth, type SessionVariables } from "../../../shims/hono/index.js";
import { credentialsProvider, quietLogger, secret } from "../../helpers/auth-client.js";
import { forged } from "./fixtures.js";

function guardedApp(trustHost?: boolean) {
  const auth = honoAuth({ secret, trustHost, providers: [credentialsProvider()], logger: quietLogger }, { env: {} });
  const app = new Hono<{ Variables: SessionVariables }>();
  app.route("/", auth.app);
  app.get("/dashboard", auth.requireAuth(), (c) => c.text("in"));
  return app;
}

async function signInRedirect(app: Hono<{ Variables: SessionVariables }>): Promise<URL> {
  const response = await app.fetch(new Request("http://localhost:3000/dashboard", { headers: { accept: "text/html", ...forged } }));
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

describe("sekisho/hono requireAuth", () => {
  it("sends a visitor to sign in on the request's own host, whatever X-Forwarded-Host says", async () => {
    const location = await signInRedirect(guardedApp());
    expect(location.origin).toBe("http://localhost:3000");
    expect(location.searchParams.get("callbackUrl")).toBe("http://localhost:3000/dashboard");
  });

  it("uses the forwarded origin when the deployment trusts its proxy", async () => {
    expect((await signInRedirect(guardedApp(true))).origin).toBe("https://evil.example");
  });
});
