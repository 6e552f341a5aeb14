/** CSRF on every password route that changes something: no token, a wrong one, or a token without its cookie. */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { passwordApp, passwordSignIn, provenUser } from "../../helpers/password-app.js";

const email = "csrf@example.com";
const password = "the csrf test user's passphrase";

describe("CSRF on the password routes", async () => {
  const app = passwordApp(MemoryAdapter());
  await provenUser(app, email, password);
  const routes: [string, Record<string, string>][] = [
    ["/callback/password", { email, password }],
    ["/signup/password", { email: "new@example.com", password: "a long enough passphrase here" }],
    ["/password/forgot", { email }],
    ["/password/reset", { token: "x", password: "a long enough passphrase here" }],
    ["/password/change", { current: password, password: "a long enough passphrase here" }],
  ];
  for (const [path, form] of routes) {
    for (const variant of ["no token", "wrong token", "token without its cookie"] as const) {
      it(`POST ${path} with ${variant} is refused, and nothing is sent or changed`, async () => {
        const client = app.client();
        if (path === "/password/change") await passwordSignIn(client, email, password);
        const token = await client.csrfToken();
        if (variant === "token without its cookie") client.jar.set("authjs.csrf-token", "");
        const csrfToken = variant === "no token" ? undefined : variant === "wrong token" ? "f".repeat(64) : token;
        const mails = app.mails.length;
        const response = await client.send(path, { form: { ...form, ...(csrfToken ? { csrfToken } : {}) } });
        if (path === "/password/change") expect(response.status).toBe(403);
        else expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
        expect(app.mails.length).toBe(mails);
      });
    }
  }
  it("the password was never changed", async () => {
    expect((await passwordSignIn(app.client(), email, password)).headers.get("location")).toBe("http://localhost:3000/");
  });
});
