/** Email sign-in under rate limits: link requests and code tries per client address, whatever the address asked for. */
import { describe, expect, it } from "vitest";
import { codeApp, requestCode, tryCode, wrongCode } from "../email-code/fixtures.js";
import { clientIpFromHeader, testIpHeader } from "./fixtures.js";

const from = (ip: string) => ({ [testIpHeader]: ip });

function limited() {
  return codeApp({ rateLimit: { enabled: true, clientIp: clientIpFromHeader, limits: { emailRequest: { perIp: 2 }, emailCode: { perIp: 3 } } } });
}

describe("email sign-in, per client address", () => {
  it("a third link request from one address, for a third mailbox, sends nothing", async () => {
    const app = limited();
    const client = app.client();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await client.send("/signin/email", { form: { email, csrfToken: await client.csrfToken() }, headers: from("192.0.2.30") });
    }
    expect(app.mail.map((m) => m.identifier)).toEqual(["a@example.com", "b@example.com"]);
    await client.send("/signin/email", { form: { email: "c@example.com", csrfToken: await client.csrfToken() }, headers: from("192.0.2.31") });
    expect(app.mail).toHaveLength(3);
  });

  it("the fourth code try from one address is refused; the code itself is not spent by it", async () => {
    const app = limited();
    const attacker = app.client();
    const { code } = await requestCode(attacker, app.mail, "victim@example.com");
    for (let i = 0; i < 3; i++) {
      await attacker.send("/callback/email", { form: { email: "victim@example.com", code: wrongCode(code!), csrfToken: await attacker.csrfToken() }, headers: from("192.0.2.40") });
    }
    const response = await attacker.send("/callback/email", {
      form: { email: "victim@example.com", code: code!, csrfToken: await attacker.csrfToken() },
      headers: from("192.0.2.40"),
    });
    expect(response.headers.get("location")).toMatch(/error=RateLimited/);
    await tryCode(attacker, "victim@example.com", code!);
    expect(await attacker.session()).toMatchObject({ user: { email: "victim@example.com" } });
  });
});
