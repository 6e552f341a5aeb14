import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userFactorsOf } from "../../../src/config/user-factors.js";
import { forEachRecordStore, type RecordsUnderTest } from "../../helpers/record-stores.js";
import { forgot, json, passwordApp, passwordSignIn, pathOf, reset, signUp, type PasswordApp } from "../../helpers/password-app.js";

const email = "pat@example.com";
const first = "a long first passphrase of mine";
const second = "another long passphrase, newer";
const third = "a third passphrase for the change";

for (const strategy of ["jwt", "database"] as const) {
  await forEachRecordStore((name, open) => {
    describe(`the password lifecycle on ${name}, ${strategy} sessions`, () => {
      let records: RecordsUnderTest;
      let app: PasswordApp;
      beforeEach(async () => {
        records = await open();
        app = passwordApp(records.adapter, {}, { session: { strategy } });
      });
      afterEach(() => records.cleanup());

      it("proves a sign-up by the code in its mail, once, after a wrong one", async () => {
        const codes = { id: "email", name: "Email", type: "email" as const, otp: true, sendVerificationRequest: async () => {} };
        const withCodes = passwordApp(records.adapter, {}, { session: { strategy }, providers: [codes] });
        const browser = withCodes.client();
        await signUp(browser, email, first);
        const code = withCodes.lastMail(email, "verify")!.code!;
        const send = async (typed: string) =>
          browser.send("/password/verify", { form: { email, code: typed, csrfToken: await browser.csrfToken() }, headers: json });
        expect((await send(code === "000000" ? "111111" : "000000")).headers.get("location")).toContain("tries=4");
        expect(await (await send(code)).json()).toMatchObject({ verified: true });
        expect((await send(code)).headers.get("location")).toContain("error=Verification");
        expect((await passwordSignIn(browser, email, first)).headers.get("location")).toBe("http://localhost:3000/");
      });

      it("signs up, proves the address, signs in, resets, and changes the password", async () => {
        const browser = app.client();
        const signedUp = await signUp(browser, email, first);
        expect(signedUp.status).toBe(302);
        expect(signedUp.headers.get("location")).toContain("/auth/verify-request?provider=password&type=email");
        // not proven yet: the password does not sign in
        expect((await passwordSignIn(browser, email, first)).headers.get("location")).toContain("error=CredentialsSignin");

        const proof = app.lastMail(email, "verify")!;
        const proved = await browser.send(pathOf(proof.url), { headers: { accept: "text/html" } });
        expect(proved.status).toBe(302);
        expect(proved.headers.get("location")).toBe("http://localhost:3000/auth/signin?email=pat%40example.com");
        const user = await records.adapter.getUserByEmail!(email);
        expect(user?.emailVerified).toBeInstanceOf(Date);

        const signedIn = await passwordSignIn(browser, email, first);
        expect(signedIn.headers.get("location")).toBe("http://localhost:3000/");
        expect(await browser.session()).toMatchObject({ user: { email } });

        const other = app.client();
        await passwordSignIn(other, email, first);
        expect(await other.session()).toMatchObject({ user: { email } });
        expect((await forgot(app.client(), email)).headers.get("location")).toContain("/verify-request");
        const token = new URL(app.lastMail(email, "reset")!.url).searchParams.get("token")!;
        const done = await reset(app.client(), token, second, json);
        expect(done.status).toBe(200);
        expect(await done.json()).toMatchObject({ reset: true });
        // a reset ends every session and says so by mail
        expect(await other.session()).toBeNull();
        expect(await browser.session()).toBeNull();
        expect(app.lastMail(email, "reset-done")).toBeDefined();
        expect((await passwordSignIn(app.client(), email, first)).headers.get("location")).toContain("error=CredentialsSignin");

        // a user's revocation refuses jwt sessions issued up to its second: sign in again in the next one
        await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
        const mine = app.client();
        await passwordSignIn(mine, email, second);
        const elsewhere = app.client();
        await passwordSignIn(elsewhere, email, second);
        const changed = await mine.send("/password/change", {
          form: { current: second, password: third, csrfToken: await mine.csrfToken() },
          headers: json,
        });
        expect(await changed.json()).toEqual({ changed: true, otherSessionsEnded: true });
        expect(await mine.session()).toMatchObject({ user: { email } });
        expect(await elsewhere.session()).toBeNull();
        expect(app.lastMail(email, "changed")).toBeDefined();
        expect((await passwordSignIn(app.client(), email, third)).headers.get("location")).toBe("http://localhost:3000/");
      });

      it("keeps the hash as the user's password factor, in a PHC string", async () => {
        const browser = app.client();
        await signUp(browser, email, first);
        await browser.send(pathOf(app.lastMail(email, "verify")!.url));
        const user = await records.adapter.getUserByEmail!(email);
        const config = await app.auth.resolveConfig();
        const factor = await userFactorsOf(config).get(user!.id, "password", "password");
        expect(factor).toMatchObject({ confirmed: true, secret: expect.stringMatching(/^\$scrypt\$ln=15,r=8,p=1\$/) });
        expect(factor!.secret).not.toContain(first);
      });
    });
  });
}
