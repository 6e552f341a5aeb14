/**
 * A sign-up's proof by the code beside its link, when the app's email provider sends codes (`otp`): read from the
 * mail a real SMTP server received, typed on the "check your email" page of the browser that signed up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import Nodemailer from "../../../src/providers/nodemailer.js";
import Password from "../../../src/providers/password.js";
import { localClient, quietLogger, secret, type Client } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { passwordSignIn, pathOf, signUp, testScrypt } from "../../helpers/password-app.js";
import { startSmtp, type SmtpSink } from "../../helpers/smtp.js";
import { codeIn } from "../email/email-flow.js";

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const passphrase = "a long passphrase for the code test";
const page = { accept: "text/html" };

function codeApp(otp: boolean | { maxAttempts: number } = true) {
  const server = { host: "127.0.0.1", port: smtp.port, ignoreTLS: true, secure: false };
  const email = Nodemailer({ server, from: "Sekisho <auth@sekisho.test>", otp });
  const auth = createAuth(
    { secret, trustHost: true, adapter: MemoryAdapter(), logger: quietLogger, providers: [Password({ scrypt: testScrypt }), email] },
    { env: {} },
  );
  return () => localClient(auth.fetch);
}

async function sendCode(client: Client, email: string, code: string): Promise<Response> {
  return client.send("/password/verify", { form: { email, code, csrfToken: await client.csrfToken() }, headers: page });
}

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("a sign-up proven by the code in its mail", () => {
  it("shows the code form after sign-up; the code proves the address, and the password then signs in", async () => {
    const client = codeApp()();
    const address = "code@example.com";
    const answer = await signUp(client, address, passphrase);
    const verify = answer.headers.get("location")!;
    expect(verify).toContain("/verify-request?provider=password&type=email&email=code%40example.com&for=signup");
    const html = await (await client.send(pathOf(verify), { headers: page })).text();
    expect(html).toContain('action="http://localhost:3000/auth/password/verify"');
    expect(html).toContain('name="code"');
    expect(html).toContain(">Confirm email</button>");
    const mail = await smtp.waitForMessage(address);
    expect(mail.subject).toBe("Confirm your email for localhost:3000");
    expect(mail.text).toContain("/auth/password/verify?token=");
    const proved = await sendCode(client, address, codeIn(mail.text));
    expect(proved.headers.get("location")).toBe("http://localhost:3000/auth/signin?email=code%40example.com");
    expect((await passwordSignIn(client, address, passphrase)).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("answers a wrong code with the form again and the tries left; the right one then works once, never twice", async () => {
    const client = codeApp()();
    const address = "typo@example.com";
    await signUp(client, address, passphrase);
    const code = codeIn((await smtp.waitForMessage(address)).text);
    const wrong = await sendCode(client, address, wrongFor(code));
    const again = wrong.headers.get("location")!;
    expect(again).toContain("error=Verification");
    expect(again).toContain("tries=4");
    expect(again).toContain("for=signup");
    const html = await (await client.send(pathOf(again), { headers: page })).text();
    expect(html).toContain("/auth/password/verify");
    expect((await sendCode(client, address, code)).headers.get("location")).toContain("/auth/signin?email=");
    const reused = await sendCode(client, address, code);
    expect(reused.headers.get("location")).toMatch(/\/error\?error=Verification$/);
  });

  it("burns the code after the allowed number of wrong tries", async () => {
    const client = codeApp({ maxAttempts: 3 })();
    const address = "guess@example.com";
    await signUp(client, address, passphrase);
    const code = codeIn((await smtp.waitForMessage(address)).text);
    for (let i = 0; i < 3; i++) expect((await sendCode(client, address, wrongFor(code))).headers.get("location")).toContain("error=Verification");
    const right = await sendCode(client, address, code);
    expect(right.headers.get("location")).toContain("error=Verification");
    expect((await passwordSignIn(client, address, passphrase)).headers.get("location")).toContain("error=CredentialsSignin");
  });

  it("refuses the code from another browser, and after the link was used", async () => {
    const clients = codeApp();
    const client = clients();
    const address = "elsewhere@example.com";
    await signUp(client, address, passphrase);
    const mail = await smtp.waitForMessage(address);
    const code = codeIn(mail.text);
    expect((await sendCode(clients(), address, code)).headers.get("location")).toMatch(/\/error\?error=Verification$/);
    const link = /https?:\/\/\S+\/password\/verify\?token=\S+/.exec(mail.text ?? "")![0];
    expect((await client.send(pathOf(link), { headers: page })).status).toBe(302);
    expect((await sendCode(client, address, code)).headers.get("location")).toContain("error=Verification");
  });

  it("answers a sign-up for a proven address with the same code form, and no code proves it", async () => {
    const clients = codeApp();
    const owner = clients();
    const address = "owned@example.com";
    await signUp(owner, address, passphrase);
    await sendCode(owner, address, codeIn((await smtp.waitForMessage(address)).text));
    const intruder = clients();
    const taken = await signUp(intruder, address, "the intruder's long passphrase");
    const fresh = await signUp(clients(), "fresh-code@example.com", "the intruder's long passphrase");
    const cookieNames = (response: Response) => response.headers.getSetCookie().map((line) => line.split("=")[0]);
    expect(cookieNames(taken)).toEqual(cookieNames(fresh));
    expect(taken.headers.get("location")!.replace(/email=[^&]*/, "")).toBe(fresh.headers.get("location")!.replace(/email=[^&]*/, ""));
    expect((await smtp.waitForMessage(address)).subject).toBe("Someone tried to sign up at localhost:3000");
    for (const guess of ["000000", "123456", "999999"])
      expect((await sendCode(intruder, address, guess)).headers.get("location")).toContain("error=Verification");
    expect((await passwordSignIn(intruder, address, "the intruder's long passphrase")).headers.get("location")).toContain(
      "error=CredentialsSignin",
    );
  });
});
