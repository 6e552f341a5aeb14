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

  it("refuses formats sekisho cannot check (argon2id, bcrypt above cost 16), so no user is left with a password that never matches", async () => {
    const adapter = MemoryAdapter();
    for (const hash of ["$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", "$2b$20$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."])
      await expect(importPasswordHash(adapter.userFactors, "u1", hash)).rejects.toThrow(/another format/);
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
