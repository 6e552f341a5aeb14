/**
 * The Next.js shim hands work an answer does not wait for (the sign-up proof mail) to Next.js's `after`, which
 * keeps it running after the answer in the Edge runtime too. `after` needs Next.js's request scope, which only a
 * running Next.js server has: here it is replaced by a recorder, and everything else is the real shim and core.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import NextAuth from "../../../shims/next/index.js";
import { localClient, quietLogger, secret } from "../../helpers/auth-client.js";
import { heldMailPassword, signUp } from "../../helpers/password-app.js";

const handedToAfter = vi.hoisted((): Promise<unknown>[] => []);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: Promise<unknown>) => void handedToAfter.push(task),
}));

describe("the Next.js route handlers and work after the answer", () => {
  it("answer a sign-up before its mail is sent, and hand the mail to after()", async () => {
    const { provider, mails, release } = heldMailPassword();
    const { handlers } = NextAuth({
      secret,
      basePath: "/auth",
      trustHost: true,
      adapter: MemoryAdapter(),
      logger: quietLogger,
      providers: [provider],
    });
    const client = localClient((request) => (request.method === "GET" ? handlers.GET : handlers.POST)(request as never));

    const answer = await signUp(client, "late@example.com", "a long passphrase for the late mail");
    expect(answer.status).toBe(302);
    expect(mails).toHaveLength(0);
    expect(handedToAfter).toHaveLength(1);

    release();
    await Promise.all(handedToAfter);
    expect(mails.map((mail) => [mail.kind, mail.to])).toEqual([["verify", "late@example.com"]]);
  });
});
