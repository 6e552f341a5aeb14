/**
 * Credentials sign-in under rate limits: per username and per client address, what a refused request
 * answers (the sign-in page for browsers, 429 with Retry-After for scripts), that it writes nothing, and
 * the warning in the log.
 */
import { describe, expect, it } from "vitest";
import { alice, checkAlice, credentialsProvider } from "../../helpers/auth-client.js";
import { clientIpFromHeader, limitedApp, rightPassword, signInAs, testIpHeader } from "./fixtures.js";

const limitedLocation = "http://localhost:3000/auth/signin?error=RateLimited";

describe("credentials sign-in, per username", () => {
  it("after three tries in the window the fourth is refused before authorize runs, even with the right password", async () => {
    const app = limitedApp();
    const client = app.client();
    for (let i = 0; i < 3; i++) {
      expect((await signInAs(client, "alice")).headers.get("location")).toMatch(/error=CredentialsSignin/);
    }
    const response = await signInAs(client, "Alice ", rightPassword);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(limitedLocation);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(app.authorized).toEqual(["alice", "alice", "alice"]);
    expect(await client.session()).toBeNull();
  });

  it("another username goes on", async () => {
    const app = limitedApp();
    const client = app.client();
    for (let i = 0; i < 4; i++) await signInAs(client, "mallory");
    expect((await signInAs(client, "alice", rightPassword)).headers.get("location")).not.toMatch(/RateLimited/);
    expect(await client.session()).toMatchObject({ user: { name: "Alice Liddell" } });
  });

  it("scripts get 429, Retry-After, and the sign-in URL with the reason", async () => {
    const app = limitedApp();
    const client = app.client();
    for (let i = 0; i < 3; i++) await signInAs(client, "alice");
    const response = await signInAs(client, "alice", "x", { "X-Auth-Return-Redirect": "1" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ error: "RateLimited", url: limitedLocation });
  });

  it("the sign-in page explains the refusal", async () => {
    const app = limitedApp();
    const page = await (await app.client().send("/signin?error=RateLimited")).text();
    expect(page).toContain("Too many attempts. Wait a few minutes, then try again.");
  });

  it("the first refusal in a window logs the warning rate-limited, once", async () => {
    const app = limitedApp();
    const client = app.client();
    for (let i = 0; i < 6; i++) await signInAs(client, "alice");
    expect(app.warnings.filter((code) => code === "rate-limited")).toHaveLength(1);
  });

  it("spellings one account lookup may treat as one name share a bucket: case, accents, compatibility forms", async () => {
    // an authorize that looks names up as an accent- and case-insensitive collation does
    const folding = credentialsProvider((credentials) =>
      checkAlice({ ...credentials, username: String(credentials.username).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase() }),
    );
    const app = limitedApp({}, { providers: [folding] });
    const client = app.client();
    for (const spelling of ["alicé", "ALİCE", "ａｌｉｃｅ"]) await signInAs(client, spelling);
    const response = await signInAs(client, "Alíce", rightPassword);
    expect(response.headers.get("location")).toBe(limitedLocation);
    expect(await client.session()).toBeNull();
  });

  it("a JSON body cannot name the username as a non-string to slip out of its bucket", async () => {
    // an authorize that coerces its input, as `${credentials.username}` or a loose comparison would
    const coercing = credentialsProvider((credentials) => checkAlice({ ...credentials, username: String(credentials.username) }));
    const app = limitedApp({}, { providers: [coercing] });
    const client = app.client();
    for (let i = 0; i < 3; i++) await signInAs(client, "alice");
    for (const username of [["alice"], { 0: "alice" }, 1, true]) {
      const response = await client.send("/callback/credentials", {
        json: { username, password: alice.password, csrfToken: await client.csrfToken() },
        headers: { "X-Auth-Return-Redirect": "1" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
    expect(await client.session()).toBeNull();
  });

  it("server-side signIn() is counted too, and throws RateLimited", async () => {
    const app = limitedApp();
    for (let i = 0; i < 3; i++) await app.auth.signIn("credentials", { username: "alice", password: "x", redirect: false }).catch(() => {});
    await expect(app.auth.signIn("credentials", { username: "alice", password: rightPassword, redirect: false })).rejects.toMatchObject({
      type: "RateLimited",
    });
  });
});

describe("credentials sign-in, per client address", () => {
  it("five tries from one address under any names, then the sixth is refused; another address goes on", async () => {
    const app = limitedApp({ clientIp: clientIpFromHeader });
    const client = app.client();
    for (let i = 0; i < 5; i++) await signInAs(client, `user-${i}`, "x", { [testIpHeader]: "203.0.113.7" });
    expect((await signInAs(client, "alice", rightPassword, { [testIpHeader]: "203.0.113.7" })).headers.get("location")).toBe(limitedLocation);
    expect((await signInAs(client, "alice", rightPassword, { [testIpHeader]: "203.0.113.8" })).headers.get("location")).not.toMatch(/RateLimited/);
  });

  it("IPv6 addresses count by their /64", async () => {
    const app = limitedApp({ clientIp: clientIpFromHeader });
    const client = app.client();
    for (let i = 0; i < 5; i++) await signInAs(client, `user-${i}`, "x", { [testIpHeader]: `2001:db8:1:2::${i + 1}` });
    const sameNetwork = await signInAs(client, "alice", rightPassword, { [testIpHeader]: "2001:db8:1:2:ffff:ffff:ffff:ffff" });
    expect(sameNetwork.headers.get("location")).toBe(limitedLocation);
    const nextNetwork = await signInAs(client, "alice", rightPassword, { [testIpHeader]: "2001:db8:1:3::1" });
    expect(nextNetwork.headers.get("location")).not.toMatch(/RateLimited/);
  });
});
