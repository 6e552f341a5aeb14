/**
 * An app imports its users' hashes, some for addresses it never verified: whoever registered such an address in the
 * old app holds its password here. The address's real owner, proving it later, claims the user as every first proof
 * does, and the imported password goes with the rest of what was attached without proof.
 */
import { pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { importPasswordHash } from "../../../src/providers/password.js";
import { passwordApp, passwordSignIn } from "../../helpers/password-app.js";

const address = "imported@example.com";
const oldPassword = "the password from the old app";

/** Django's PBKDF2-SHA-256 format, as the old app stored it. */
function djangoHash(password: string): string {
  const salt = "oldappsalt";
  return `pbkdf2_sha256$1000$${salt}$${pbkdf2Sync(password, salt, 1000, 32, "sha256").toString("base64")}`;
}

describe("an imported password on an address never verified", () => {
  for (const where of ["the adapter's factor store", "a factor store of its own (the `userFactors` option)"]) {
  it(`is removed when the address's owner proves it by email, with the holder's sessions (${where})`, async () => {
    const adapter = MemoryAdapter();
    const factors = where.startsWith("the adapter") ? adapter.userFactors : MemoryAdapter().userFactors;
    const links: string[] = [];
    const email = { id: "email", name: "Email", type: "email" as const, sendVerificationRequest: ({ url }: { url: string }) => void links.push(url) };
    const app = passwordApp(adapter, {}, { providers: [email], ...(factors === adapter.userFactors ? {} : { userFactors: factors }) });
    const user = await adapter.createUser({ id: crypto.randomUUID(), email: address, emailVerified: null });
    await importPasswordHash(factors, user.id, djangoHash(oldPassword));

    const holder = app.client();
    expect((await passwordSignIn(holder, address, oldPassword)).headers.get("location")).toBe("http://localhost:3000/");
    expect(await holder.session()).toMatchObject({ user: { email: address } });

    const owner = app.client();
    await owner.send("/signin/email", { form: { email: address, csrfToken: await owner.csrfToken() } });
    const link = new URL(links.at(-1)!);
    // the GET shows the confirmation page (it would claim); its POST proves the address
    const proved = await owner.send("/callback/email", {
      form: { token: link.searchParams.get("token")!, email: address, csrfToken: await owner.csrfToken() },
    });
    expect(proved.headers.get("location")).toBe("http://localhost:3000/");
    expect(await owner.session()).toMatchObject({ user: { email: address } });

    expect(await holder.session()).toBeNull();
    expect((await passwordSignIn(app.client(), address, oldPassword)).headers.get("location")).toContain("error=CredentialsSignin");
    expect(await factors.list(user.id, "password")).toEqual([]);
  });
  }
});
