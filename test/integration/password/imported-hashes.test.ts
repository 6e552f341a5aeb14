/** Hashes brought from an app's own Credentials code: imported, verified at sign-in, then replaced by scrypt. */
import { pbkdf2Sync, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { userFactorsOf } from "../../../src/config/user-factors.js";
import { importPasswordHash } from "../../../src/providers/password.js";
import { passwordApp, passwordSignIn, testScrypt } from "../../helpers/password-app.js";

const password = "the password of an imported user";
const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

const formats: [string, string][] = [
  ["Django PBKDF2", `pbkdf2_sha256$1000$djsalt$${pbkdf2Sync(password, "djsalt", 1000, 32, "sha256").toString("base64")}`],
  ["PHC PBKDF2", `$pbkdf2-sha256$i=1000,l=32$${b64(Buffer.from("phcsaltphcsalt16"))}$${b64(pbkdf2Sync(password, "phcsaltphcsalt16", 1000, 32, "sha256"))}`],
  ["scrypt with other parameters", `$scrypt$ln=14,r=8,p=1$${b64(Buffer.from("scryptsalt123456"))}$${b64(scryptSync(password, "scryptsalt123456", 32, { N: 1 << 14, r: 8, p: 1 }))}`],
];

describe("importPasswordHash", () => {
  it.each(formats)("a %s hash signs in, and is re-hashed with the current scrypt parameters", async (_name, hash) => {
    const adapter = MemoryAdapter();
    const app = passwordApp(adapter);
    const user = await adapter.createUser!({ id: "", email: "old@example.com", emailVerified: new Date() });
    await importPasswordHash(adapter.userFactors, user.id, hash);
    expect((await passwordSignIn(app.client(), "old@example.com", "not the password at all")).headers.get("location")).toContain(
      "error=CredentialsSignin",
    );
    expect((await passwordSignIn(app.client(), "old@example.com", password)).headers.get("location")).toBe("http://localhost:3000/");
    const stored = await userFactorsOf(await app.auth.resolveConfig()).get(user.id, "password", "password");
    expect(stored!.secret).toMatch(new RegExp(`^\\$scrypt\\$ln=${testScrypt.ln},r=8,p=1\\$`));
    expect((await passwordSignIn(app.client(), "old@example.com", password)).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("a bcrypt hash (the PHP manual's $2y$ example) signs in and is replaced by scrypt", async () => {
    const adapter = MemoryAdapter();
    const app = passwordApp(adapter);
    const user = await adapter.createUser!({ id: "", email: "php@example.com", emailVerified: new Date() });
    await importPasswordHash(adapter.userFactors, user.id, "$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq");
    expect((await passwordSignIn(app.client(), "php@example.com", "rasmuslerdorf")).headers.get("location")).toBe("http://localhost:3000/");
    const stored = await userFactorsOf(await app.auth.resolveConfig()).get(user.id, "password", "password");
    expect(stored!.secret).toMatch(/^\$scrypt\$/);
  });

  it("an argon2id hash (the reference implementation's, m=256, t=2, p=2) signs in, a wrong password does not, and it is replaced by scrypt", async () => {
    const adapter = MemoryAdapter();
    const app = passwordApp(adapter);
    const user = await adapter.createUser!({ id: "", email: "argon@example.com", emailVerified: new Date() });
    await importPasswordHash(adapter.userFactors, user.id, "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc");
    expect((await passwordSignIn(app.client(), "argon@example.com", "passwore")).headers.get("location")).toContain("error=CredentialsSignin");
    expect((await passwordSignIn(app.client(), "argon@example.com", "password")).headers.get("location")).toBe("http://localhost:3000/");
    const stored = await userFactorsOf(await app.auth.resolveConfig()).get(user.id, "password", "password");
    expect(stored!.secret).toMatch(new RegExp(`^\\$scrypt\\$ln=${testScrypt.ln},r=8,p=1\\$`));
    expect((await passwordSignIn(app.client(), "argon@example.com", "password")).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("refuses formats sekisho cannot check (argon2ds, bcrypt above cost 16), so no user is left with a password that never matches", async () => {
    const adapter = MemoryAdapter();
    for (const hash of ["$argon2ds$v=16$m=8,t=1,p=2$ICAgICAgICA$+6+yBnWbuV7mLs6rKMhvi+SLbkzb5CB6Jd2pSWuC/Kw", "$2b$20$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."])
      await expect(importPasswordHash(adapter.userFactors, "u1", hash)).rejects.toThrow(/argon2 \(\$argon2id\$.*another format/);
  });

  it("refuses an argon2 hash above the cost limits, naming them, and a row stored around the import fails sign-in with a warning", async () => {
    const adapter = MemoryAdapter();
    const costly = "$argon2id$v=19$m=4194304,t=3,p=4$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";
    await expect(importPasswordHash(adapter.userFactors, "u1", costly)).rejects.toThrow(
      "asks for m=4194304, t=3, p=4; sekisho runs argon2 up to m=262144 KiB (256 MiB), t=10 and p=64",
    );
    const warned: string[] = [];
    const app = passwordApp(adapter, {}, { logger: { warn: (code, detail) => void warned.push(`${code} ${detail}`) } });
    const user = await adapter.createUser!({ id: "", email: "costly@example.com", emailVerified: new Date() });
    await adapter.userFactors!.put({ userId: user.id, kind: "password", id: "password", secret: costly, createdAt: Date.now(), confirmed: true });
    const started = performance.now();
    expect((await passwordSignIn(app.client(), "costly@example.com", "password")).headers.get("location")).toContain("error=CredentialsSignin");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(warned).toContain(`imported-hash-too-costly user ${user.id}`);

    // the change of a password checks the current one alike
    warned.length = 0;
    await importPasswordHash(adapter.userFactors, user.id, "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc");
    const client = app.client();
    expect((await passwordSignIn(client, "costly@example.com", "password")).headers.get("location")).toBe("http://localhost:3000/");
    await adapter.userFactors!.put({ userId: user.id, kind: "password", id: "password", secret: costly, createdAt: Date.now(), confirmed: true });
    const changed = await client.send("/password/change", {
      form: { current: "password", password: "a new passphrase of some length", csrfToken: await client.csrfToken() },
      headers: { accept: "application/json" },
    });
    expect(changed.status).toBe(401);
    expect(warned).toEqual([`imported-hash-too-costly user ${user.id}`]);
  });
});

describe("password attempts", () => {
  it("count per address under the password rule: the 11th try in 15 minutes is refused with 429", async () => {
    const app = passwordApp(MemoryAdapter(), {}, { rateLimit: { enabled: true } });
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const client = app.client();
      const token = await client.csrfToken();
      const answer = await client.send("/callback/password", {
        form: { email: "target@example.com", password: `guess number ${i} of many`, csrfToken: token },
        headers: { "x-forwarded-for": `198.51.100.${i}`, accept: "application/json" },
      });
      answers.push(answer.status);
    }
    expect(answers.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
