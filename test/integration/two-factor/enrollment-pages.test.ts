/**
 * The browser's way through TOTP enrollment: POST {basePath}/account/totp and /account/totp/confirm answer pages
 * (the QR code, the key, the code form; then the backup codes) to a form post that accepts HTML, under the strict
 * page policy, while a script still gets the JSON it always got. On the memory adapter and SQLite.
 */
import { describe, expect, it } from "vitest";
import { ja } from "../../../src/messages/ja.js";
import { adapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import { alice, credentialsProvider, checkAlice, localClient, makeAuth, type Client } from "../../helpers/auth-client.js";
import { decodeQr, modulesFromSvg } from "../../helpers/qr-decoder.js";
import { forEachRecordStore, type OpenRecords } from "../../helpers/record-stores.js";
import { codeFor } from "../../security/two-factor/fixtures.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const html = { accept: "text/html,application/xhtml+xml" };
const json = { accept: "application/json" };

/** What a browser reads off the enrollment page. */
function readEnrollmentPage(page: string) {
  const svg = /<svg [^]*?<\/svg>/.exec(page)?.[0] ?? "";
  const key = /<code class="key" id="totp-key">([^<]*)<\/code>/.exec(page)?.[1] ?? "";
  const link = /<a href="(otpauth:[^"]*)"/.exec(page)?.[1]?.replaceAll("&amp;", "&") ?? "";
  return { svg, key, secret: key.replaceAll(" ", ""), link };
}

async function post(client: Client, path: string, fields: Record<string, string> = {}, headers = html) {
  return client.send(path, { form: { csrfToken: await client.csrfToken(), ...fields }, headers });
}

function suite(name: string, open: OpenRecords) {
  describe(`TOTP enrollment pages (${name})`, () => {
    async function signedIn(config = {}) {
      const { adapter, cleanup } = await open();
      const user = await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
      const provider = credentialsProvider((fields) => (checkAlice(fields) ? { ...checkAlice(fields), id: user.id } : null));
      const auth = makeAuth({ adapter, providers: [provider], trustHost: true, twoFactor: twoFactor({ issuer: "Example" }), ...config });
      const client = localClient(auth.fetch);
      expect((await client.signIn()).status).toBe(302);
      const factors = adapterUserFactors(adapter)!;
      return { client, user, factors, cleanup };
    }

    it("answers a browser with the enrollment page: the QR code of the otpauth URI, the key in blocks, the code form", async () => {
      const { client, user, factors, cleanup } = await signedIn();
      try {
        const response = await post(client, "/account/totp");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("cache-control")).toContain("no-store");
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy).toMatch(/^script-src 'nonce-[0-9a-f]{32}'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'$/);
        expect(response.headers.get("x-frame-options")).toBe("DENY");
        const page = await response.text();
        const { svg, key, secret, link } = readEnrollmentPage(page);

        expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
        expect(link).toBe(`otpauth://totp/Example:alice%40example.com?secret=${secret}&issuer=Example`);
        expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="QR code that adds this account to an authenticator app"/);
        expect(decodeQr(modulesFromSvg(svg)).text).toBe(link);
        expect(page).toContain(`<form action="http://localhost:3000/auth/account/totp/confirm" method="post">`);
        expect(page).toMatch(/<input type="text" inputmode="numeric" autocomplete="one-time-code" [^>]*id="totp-code" name="code"/);
        expect(page).toMatch(/<input type="hidden" name="csrfToken" value="[0-9a-f]+"/);
        // Nothing loaded from elsewhere, no inline style or handler for the policy to allow.
        expect(page).not.toMatch(/ style=| on[a-z]+=|src="https?:|<link /);

        // Kept sealed until confirmed: the store holds neither the key nor the URI.
        const pending = await factors.get(user.id, "totp", "pending");
        expect(pending?.confirmed).toBe(false);
        expect(pending?.secret).not.toContain(secret);
      } finally {
        await cleanup();
      }
    });

    it("a wrong first code shows the same key again with a message; the right one shows the 10 backup codes once", async () => {
      const { client, user, factors, cleanup } = await signedIn();
      try {
        const first = readEnrollmentPage(await (await post(client, "/account/totp")).text());
        const sealed = (await factors.get(user.id, "totp", "pending"))?.secret;

        const wrong = await post(client, "/account/totp/confirm", { code: (Number(await codeFor(first.secret)) ^ 1).toString().padStart(6, "0") });
        expect(wrong.status).toBe(401);
        const again = await wrong.text();
        expect(again).toContain('role="alert">That code is not right.');
        expect(readEnrollmentPage(again)).toEqual(first);
        expect((await factors.get(user.id, "totp", "pending"))?.secret).toBe(sealed);

        const right = await post(client, "/account/totp/confirm", { code: await codeFor(first.secret) });
        expect(right.status).toBe(200);
        expect(right.headers.get("content-security-policy")).toContain("script-src 'nonce-");
        const codesPage = await right.text();
        const codes = [...codesPage.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((m) => m[1]);
        expect(codes).toHaveLength(10);
        expect(new Set(codes).size).toBe(10);
        expect(codesPage).toContain('<a class="button" href="http://localhost:3000/auth/account">I saved them</a>');
        expect((await factors.get(user.id, "totp", "totp"))?.confirmed).toBe(true);
        expect(await factors.list(user.id, "backup-code")).toHaveLength(10);
        // The codes are stored as hashes, not as shown.
        for (const stored of await factors.list(user.id, "backup-code")) expect(codes).not.toContain(stored.id);

        // Renewing them from a browser gives the same kind of page, with a new set.
        const renewed = await post(client, "/account/totp/backup-codes");
        expect(renewed.status).toBe(200);
        const newCodes = [...(await renewed.text()).matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((m) => m[1]);
        expect(newCodes).toHaveLength(10);
        expect(newCodes.some((code) => codes.includes(code))).toBe(false);
      } finally {
        await cleanup();
      }
    });

    it("carries the callbackUrl from the start to the last page's link, through the redirect callback", async () => {
      const { client, cleanup } = await signedIn();
      try {
        const page = await (await post(client, "/account/totp", { callbackUrl: "/settings/security" })).text();
        expect(page).toContain('<input type="hidden" name="callbackUrl" value="http://localhost:3000/settings/security"/>');
        const { secret } = readEnrollmentPage(page);
        const done = await post(client, "/account/totp/confirm", { code: await codeFor(secret), callbackUrl: "http://localhost:3000/settings/security" });
        expect(await done.text()).toContain('href="http://localhost:3000/settings/security">I saved them</a>');
      } finally {
        await cleanup();
      }
    });

    it("refuses a malformed callbackUrl before anything changes, and an off-site one goes home", async () => {
      const { client, user, factors, cleanup } = await signedIn();
      try {
        expect((await post(client, "/account/totp", { callbackUrl: "http://a b" })).status).toBe(400);
        expect(await factors.get(user.id, "totp", "pending")).toBeNull();
        const { secret } = readEnrollmentPage(await (await post(client, "/account/totp")).text());
        // A right code with a malformed callbackUrl: refused, and TOTP stays off, so no backup codes go unseen.
        const refused = await post(client, "/account/totp/confirm", { code: await codeFor(secret), callbackUrl: "http://a b" });
        expect(refused.status).toBe(400);
        expect(await factors.get(user.id, "totp", "totp")).toBeNull();
        expect(await factors.list(user.id, "backup-code")).toEqual([]);
        const page = await (await post(client, "/account/totp", { callbackUrl: "https://evil.example/steal" })).text();
        expect(page).toContain('name="callbackUrl" value="http://localhost:3000/"');
        expect(page).not.toContain("evil.example");
      } finally {
        await cleanup();
      }
    });

    it("a setup that is gone (finished in another tab) reads as such, with the way on", async () => {
      const { client, cleanup } = await signedIn();
      try {
        const { secret } = readEnrollmentPage(await (await post(client, "/account/totp")).text());
        const code = await codeFor(secret);
        expect((await post(client, "/account/totp/confirm", { code }, json)).status).toBe(200);
        const stale = await post(client, "/account/totp/confirm", { code });
        expect(stale.status).toBe(404);
        const page = await stale.text();
        expect(page).toContain("This setup expired or was finished in another tab");
        expect(page).toContain('<form action="http://localhost:3000/auth/account/totp" method="post">');
        expect(page).not.toContain("<svg");
        expect(await (await post(client, "/account/totp/confirm", { code }, json)).json()).toMatchObject({ error: "NoEnrollment" });

        // Starting again, now that it is on, says so and leads back; no new key is made.
        const again = await post(client, "/account/totp");
        expect(again.status).toBe(409);
        const onPage = await again.text();
        expect(onPage).toContain("Two-step sign-in is already on");
        expect(onPage).toContain('<a href="http://localhost:3000/auth/account">Back to your account</a>');
        expect(onPage).not.toContain("<svg");
        expect(await (await post(client, "/account/totp", {}, json)).json()).toMatchObject({ error: "TwoFactorAlreadyOn" });
      } finally {
        await cleanup();
      }
    });

    it("keeps the JSON contract for scripts: { secret, uri } and { backupCodes }", async () => {
      const { client, cleanup } = await signedIn();
      try {
        const started = await post(client, "/account/totp", {}, json);
        expect(started.headers.get("content-type")).toBe("application/json");
        const body = (await started.json()) as { secret: string; uri: string };
        expect(Object.keys(body).sort()).toEqual(["secret", "uri"]);
        expect(body.uri).toBe(`otpauth://totp/Example:alice%40example.com?secret=${body.secret}&issuer=Example`);
        const wrong = await post(client, "/account/totp/confirm", { code: "000000" }, json);
        if (wrong.status !== 200) expect(await wrong.json()).toMatchObject({ error: "TwoFactorCodeInvalid" });
        const confirmed = await post(client, "/account/totp/confirm", { code: await codeFor(body.secret) }, json);
        const codes = (await confirmed.json()) as { backupCodes: string[] };
        expect(Object.keys(codes)).toEqual(["backupCodes"]);
        expect(codes.backupCodes).toHaveLength(10);
      } finally {
        await cleanup();
      }
    });

    it("escapes a hostile issuer, account name and label on the page", async () => {
      const label = `QR "><script>alert(1)</script>`;
      const { client, cleanup } = await signedIn({
        twoFactor: twoFactor({ issuer: `Evil"><script>alert(2)</script>` }),
        messages: { en: { totpEnrollment: { qrLabel: label } } },
      });
      try {
        const page = await (await post(client, "/account/totp")).text();
        expect(page).not.toMatch(/<script>alert|"><script/);
        const { svg, link } = readEnrollmentPage(page);
        expect(svg).toContain('aria-label="QR &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
        expect(decodeQr(modulesFromSvg(svg)).text).toBe(link);
        expect(link).toMatch(/^otpauth:\/\/totp\/Evil%22%3E%3Cscript%3E/);
      } finally {
        await cleanup();
      }
    });

    it("shows the pages in the visitor's language", async () => {
      const { client, cleanup } = await signedIn({ messages: { ja } });
      try {
        const response = await post(client, "/account/totp", {}, { ...html, "accept-language": "ja" } as typeof html);
        const page = await response.text();
        expect(page).toContain('<html lang="ja">');
        expect(page).toContain(`aria-label="${ja.totpEnrollment.qrLabel}"`);
        expect(page).toContain(ja.totpEnrollment.button);
      } finally {
        await cleanup();
      }
    });

    it("sends a browser that is not signed in to sign in, and refuses a post without the CSRF token", async () => {
      const { client, cleanup } = await signedIn();
      try {
        const noToken = await client.send("/account/totp", { form: {}, headers: html });
        expect(noToken.status).toBe(400);
        expect(await noToken.text()).toContain("<!DOCTYPE html>");
        expect((await client.send("/account/totp", { form: {}, headers: json })).status).toBe(403);
        await client.signOut();
        const visitor = await post(client, "/account/totp");
        expect(visitor.status).toBe(302);
        expect(visitor.headers.get("location")).toMatch(/\/auth\/signin/);
      } finally {
        await cleanup();
      }
    });

    it("the account page has the second-factor section only with the feature; without it its routes do not exist", async () => {
      const withFeature = await signedIn();
      const without = await signedIn({ twoFactor: undefined });
      try {
        const page = await (await withFeature.client.send("/account", { headers: html })).text();
        expect(page.match(/<!DOCTYPE html>/g)).toHaveLength(1);
        expect(page).toContain('<form action="http://localhost:3000/auth/account/totp" method="post">');
        const plain = await without.client.send("/account", { headers: html });
        expect(plain.status).toBe(200);
        expect(await plain.text()).not.toContain("/account/totp");
        const unknown = await (await post(without.client, "/no-such-action", {}, json)).json();
        expect(unknown).toMatchObject({ error: "UnknownAction" });
        for (const path of ["/account/totp", "/account/totp/confirm", "/account/totp/backup-codes", "/account/totp/disable", "/two-factor"])
          expect(await (await post(without.client, path, {}, json)).json()).toEqual(unknown);
        for (const path of ["/two-factor", "/two-factor/passkey-options"])
          expect(await (await without.client.send(path, { headers: json })).json()).toEqual(unknown);
      } finally {
        await withFeature.cleanup();
        await without.cleanup();
      }
    });

    it("the feature's section, embedded in the account page as rendered markup, keeps hostile texts escaped", async () => {
      const hostile = `"><img src=x onerror=alert(1)>`;
      const { client, cleanup } = await signedIn({ messages: { en: { account: { factorsHeading: hostile, turnOn: hostile } } } });
      try {
        const page = await (await client.send("/account", { headers: html })).text();
        expect(page).not.toContain("<img");
        expect(page).toContain("<h2>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</h2>");
      } finally {
        await cleanup();
      }
    });
  });
}

await forEachRecordStore(suite, ["memory", "SQLite (better-sqlite3)"]);
