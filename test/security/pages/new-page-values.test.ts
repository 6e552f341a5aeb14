/**
 * The values the new page parts show, and who controls them: the stale sign-in page's provider name
 * (configuration) and callbackUrl (the request, through the redirect callback), the verify-request page's
 * `tries` (the query), the session list's way back (`?callbackUrl=`), and the username a failed credentials
 * sign-in no longer echoes into the URL. None can inject markup or a script URL.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { alice, credentialsProvider, localClient, makeAuth } from "../../helpers/auth-client.js";

const hostile = '"><script>alert(1)</script>';
const browser = { accept: "text/html" };

function app() {
  return makeAuth({
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    providers: [
      credentialsProvider(),
      {
        id: "company",
        name: hostile,
        type: "oauth",
        authorization: "https://idp.example/authorize",
        token: "https://idp.example/token",
        userinfo: "https://idp.example/userinfo",
        clientId: "id",
        clientSecret: "secret",
      },
      { id: "email", name: "Email", type: "email", otp: true, sendVerificationRequest: async () => {} },
    ],
  });
}

describe("the new page values", () => {
  it("escapes the provider name and the callbackUrl on the stale sign-in page", async () => {
    const client = localClient(app().fetch);
    const response = await client.send(`/callback/company?state=stale&code=x&callbackUrl=${encodeURIComponent(`/x${hostile}`)}`, { headers: browser });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows only a one- or two-digit count of tries, never the query's text", async () => {
    const client = localClient(app().fetch);
    for (const tries of [hostile, "100", "-1", "1e1", "0"]) {
      const html = await (await client.send(`/verify-request?provider=email&type=email&error=Verification&tries=${encodeURIComponent(tries)}`, { headers: browser })).text();
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("more time");
      expect(html).toContain("The sign-in link or code is invalid or has expired.");
    }
  });

  it("leads back from the session list only to an address the redirect callback allows", async () => {
    const client = localClient(app().fetch);
    await client.send("/callback/credentials", { form: { username: "alice", password: alice.password, csrfToken: await client.csrfToken() } });
    for (const target of ["javascript:alert(1)", "https://evil.example/", `/x${hostile}`]) {
      const html = await (await client.send(`/sessions?callbackUrl=${encodeURIComponent(target)}`, { headers: browser })).text();
      const back = html.match(/<a href="([^"]*)">Back to the site<\/a>/)![1];
      expect(back.startsWith("http://localhost:3000/")).toBe(true);
      expect(html).not.toContain("<script>alert");
    }
  });

  it("puts neither the username nor the password of a failed sign-in in the redirect", async () => {
    const client = localClient(app().fetch);
    const response = await client.send("/callback/credentials", { form: { username: "alice-secret-name", password: "wrong", csrfToken: await client.csrfToken() } });
    const location = response.headers.get("location")!;
    expect(location).toMatch(/error=CredentialsSignin/);
    expect(location).not.toContain("alice-secret-name");
    expect(location).not.toContain("wrong");
  });
});
