/**
 * A session cookie that does not decode is reported to `logger.error`, as the reference does (a rotated-away
 * secret, a broken custom `jwt.decode`, tampering show in the app's monitoring), but anyone can send one: each
 * kind of failure is reported once per interval per instance, and the number of kinds is bounded, so a client
 * cannot flood the log. The error names the failure, never the cookie's value.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { encode } from "../../../src/jwt.js";
import { decodeFailureInterval } from "../../../src/session/decode-failure-report.js";
import { makeAuth, origin, quietLogger } from "../../helpers/auth-client.js";

describe("an undecryptable session cookie", () => {
  afterEach(() => vi.useRealTimers());

  it("is reported to logger.error, as by the reference, once per kind of failure per interval", async () => {
    const errors: Error[] = [];
    const auth = makeAuth({ logger: { ...quietLogger, error: (error) => void errors.push(error) } });
    const otherSecret = await encode({ token: { sub: "x" }, secret: "another-secret-0123456789abcdef0123456789", salt: "authjs.session-token" });
    const send = (value: string) => auth.fetch(new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${value}` } }));

    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 5; i++) expect(await (await send(otherSecret)).json()).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ type: "JWTSessionError" });
    expect(String((errors[0].cause as { err: Error }).err.message)).toBe("no matching decryption secret");
    expect(JSON.stringify([errors[0].message, (errors[0].cause as { err: Error }).err.message])).not.toContain(otherSecret.slice(0, 40));

    for (let i = 0; i < 5; i++) await send("a.b.c.d.e");
    expect(errors).toHaveLength(2);

    vi.setSystemTime(Date.now() + decodeFailureInterval);
    await send(otherSecret);
    expect(errors).toHaveLength(3);
  });

  it("cannot make more than a bounded number of error lines in an interval, whatever it holds", async () => {
    const errors: Error[] = [];
    const auth = makeAuth({ logger: { ...quietLogger, error: (error) => void errors.push(error) } });
    for (let i = 0; i < 200; i++) {
      const junk = `eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoi${i}In0..a.b.c`;
      await auth.fetch(new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${junk}` } }));
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(16);
  });
});

