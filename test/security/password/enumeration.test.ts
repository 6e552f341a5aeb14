/**
 * Whether an address has an account must not show: not in the answers of sign-in, sign-up and forgot, and not in
 * the time a sign-in takes (a dummy hash of the same cost is verified when there is no user or no password).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PasswordMail } from "../../../src/providers/password.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { forgot, json, passwordApp, passwordSignIn, provenUser, signUp, type PasswordApp } from "../../helpers/password-app.js";

const known = "known@example.com";
const unproven = "unproven@example.com";
const unknown = "nobody@example.com";
const password = "the right passphrase of the user";
const wrong = "a wrong passphrase for the test";
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
/** A sender as slow as a distant SMTP server: 200 ms a mail. */
const slowSend = () => new Promise<void>((resolve) => setTimeout(resolve, 200));

/** What a response shows, without the parts that differ by request (cookie values, tokens). */
async function shape(response: Response) {
  return { status: response.status, location: response.headers.get("location")?.replace(/email=[^&]*/, "email=…"), body: await response.text() };
}

describe("enumeration of accounts by the password routes", () => {
  let app: PasswordApp;
  beforeAll(async () => {
    app = passwordApp(MemoryAdapter());
    await provenUser(app, known, password);
    await signUp(app.client(), unproven, password);
  });

  it("sign-in answers a wrong password, an unproven address and an unknown one alike", async () => {
    const answers = await Promise.all(
      [known, unproven, unknown].map(async (email) => shape(await passwordSignIn(app.client(), email, email === known ? wrong : password))),
    );
    expect(answers[0].location).toContain("error=CredentialsSignin");
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const asJson = await Promise.all(
      [known, unknown].map(async (email) => shape(await passwordSignIn(app.client(), email, wrong, { "x-auth-return-redirect": "1" }))),
    );
    expect(asJson[1]).toEqual(asJson[0]);
  });

  it("sign-up answers a taken address as a new one, and mails the owner a notice instead of a link", async () => {
    const before = app.mails.length;
    const taken = await shape(await signUp(app.client(), known, "somebody else's long passphrase"));
    const fresh = await shape(await signUp(app.client(), "fresh@example.com", "somebody else's long passphrase"));
    expect(taken).toEqual(fresh);
    expect(app.mails.slice(before).map((mail) => [mail.to, mail.kind])).toEqual([
      [known, "existing"],
      ["fresh@example.com", "verify"],
    ]);
  });

  it("forgot answers a known and an unknown address alike; only the known one gets mail", async () => {
    const before = app.mails.length;
    const a = await shape(await forgot(app.client(), known));
    const b = await shape(await forgot(app.client(), unknown));
    expect(b).toEqual(a);
    expect(app.mails.slice(before).map((mail) => mail.to)).toEqual([known]);
  });

  it("sign-in takes as long for an unknown address as for a known one (medians within 20% of a hash)", async () => {
    const timed = async (email: string) => {
      const client = app.client();
      const token = await client.csrfToken();
      const started = performance.now();
      await client.send("/callback/password", { form: { email, password: wrong, csrfToken: token }, headers: json });
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const unprovenTimes: number[] = [];
    await timed(known);
    for (let i = 0; i < 15; i++) {
      knownTimes.push(await timed(known));
      unknownTimes.push(await timed(unknown));
      unprovenTimes.push(await timed(unproven));
    }
    const hashTime = median(knownTimes);
    expect(hashTime).toBeGreaterThan(10);
    expect(Math.abs(median(unknownTimes) - hashTime)).toBeLessThan(hashTime * 0.2);
    expect(Math.abs(median(unprovenTimes) - hashTime)).toBeLessThan(hashTime * 0.2);
    console.info(
      `password sign-in medians over 15 tries: known ${hashTime.toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms, unproven ${median(unprovenTimes).toFixed(1)} ms`,
    );
  });

  it("sign-up takes as long for a taken address as for a new one (medians within 20% of the new one's)", async () => {
    const timed = async (email: string) => {
      const client = app.client();
      const token = await client.csrfToken();
      const started = performance.now();
      await client.send("/signup/password", { form: { email, password: "a fresh long passphrase here", csrfToken: token } });
      return performance.now() - started;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    // at most five mails per mailbox an hour: each try its own address, proven or not
    const owners = Array.from({ length: 9 }, (_, i) => `taken-${i}@example.com`);
    for (const [i, owner] of owners.entries()) {
      if (i % 2) await provenUser(app, owner, password);
      else await signUp(app.client(), owner, password);
    }
    for (const [i, owner] of owners.entries()) {
      taken.push(await timed(owner));
      fresh.push(await timed(`fresh-${i}@example.com`));
    }
    expect(Math.abs(median(taken) - median(fresh))).toBeLessThan(median(fresh) * 0.2);
    console.info(`password sign-up medians over 9 tries: taken ${median(taken).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`);
  });
});

describe("the time the password routes take does not wait on their mails", () => {
  let slow: PasswordApp;
  const sent = (kind: PasswordMail["kind"]) => slow.mails.filter((mail) => mail.kind === kind);
  beforeAll(async () => {
    slow = passwordApp(MemoryAdapter(), { sendMail: slowSend });
    await provenUser(slow, known, password);
    for (let i = 0; i < 9; i++) await provenUser(slow, `owner-${i}@example.com`, password);
  });

  async function timed(path: string, form: Record<string, string>): Promise<number> {
    const client = slow.answerOnlyClient();
    const token = await client.csrfToken();
    const started = performance.now();
    await client.send(path, { form: { ...form, csrfToken: token } });
    return performance.now() - started;
  }

  it("forgot answers a known address as fast as an unknown one, with a sender that takes 200 ms (medians within 20 ms)", async () => {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // at most five mails per mailbox an hour: each known try its own owner
    for (let i = 0; i < 9; i++) {
      knownTimes.push(await timed("/password/forgot", { email: `owner-${i}@example.com` }));
      unknownTimes.push(await timed("/password/forgot", { email: `nobody-${i}@example.com` }));
    }
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(20);
    console.info(`forgot medians over 9 tries, 200 ms sender: known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms`);
    await vi.waitFor(() => expect(sent("reset")).toHaveLength(9), { timeout: 5000 });
  });

  it("sign-up answers a taken address as fast as a new one, neither waiting for the 200 ms send", async () => {
    const taken: number[] = [];
    const fresh: number[] = [];
    const passphrase = "a fresh long passphrase here";
    for (let i = 0; i < 9; i++) {
      taken.push(await timed("/signup/password", { email: `owner-${i}@example.com`, password: passphrase }));
      fresh.push(await timed("/signup/password", { email: `newcomer-${i}@example.com`, password: passphrase }));
    }
    expect(median(fresh)).toBeLessThan(200);
    expect(Math.abs(median(taken) - median(fresh))).toBeLessThan(Math.max(median(fresh) * 0.2, 20));
    console.info(`sign-up medians over 9 tries, 200 ms sender: taken ${median(taken).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`);
    await vi.waitFor(() => expect(sent("existing")).toHaveLength(9), { timeout: 5000 });
  });

  it("a mail that fails after the answer is logged, never unhandled, and its link is taken back", async () => {
    const errors: Error[] = [];
    const adapter = MemoryAdapter();
    const flaky = passwordApp(
      adapter,
      {
        sendMail: () => {
          throw new Error("the SMTP server is down");
        },
      },
      { logger: { error: (error) => errors.push(error), warn: () => {}, debug: () => {} } },
    );
    for (const answer of [await signUp(flaky.client(), "flaky@example.com", password), await forgot(flaky.client(), known)])
      expect(answer.headers.get("location")).toContain("/verify-request");
    expect(errors.map((error) => error.message)).toEqual(["the SMTP server is down"]);
    const user = await adapter.getUserByEmail!("flaky@example.com");
    expect(await adapter.userFactors!.list(user!.id, "password")).toEqual([]);
  });
});
