import { describe, expect, it } from "vitest";
import { backupCodesPage, twoFactorPage } from "../../../pages/two-factor-view.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig } from "../../../src/config/config-types.js";
import type { ResolvedConfig } from "../../../src/config/resolved-config.js";
import { en as messages } from "../../../src/messages/en.js";
import { ja } from "../../../src/messages/ja.js";
import Passkey from "../../../src/providers/passkey.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const hostile = `"<>&'`;
const escaped = "&quot;&lt;&gt;&amp;&#39;";
const baseUrl = "https://app.example/auth";
const nonce = "0123456789abcdef0123456789abcdef";
const request = (lang = "en") => new Request(`${baseUrl}/two-factor`, { headers: { "accept-language": lang } });
const slots = { csrfToken: hostile, action: `${baseUrl}/two-factor`, signinUrl: `${baseUrl}/signin` };

function resolved(config: Partial<AuthConfig>): Promise<ResolvedConfig> {
  const defaults = { secret: "two-factor-pages-secret-0123456789abcdef", adapter: MemoryAdapter(), twoFactor: twoFactor() };
  return createAuth({ ...defaults, providers: [], ...config } as AuthConfig, { env: {} }).resolveConfig();
}

describe("the second-factor page", () => {
  it("shows an enrollment's QR code, key and URI escaped, in the reader's language, without the backup-code form", async () => {
    const config = await resolved({ messages: { ja } });
    const enrolling = { ...slots, secret: hostile, uri: `otpauth://totp/x${hostile}`, qrSvg: '<svg role="img" data-qr></svg>' };
    const { html, status } = await twoFactorPage(config, { request: request("ja"), nonce }, undefined, enrolling);
    expect(status).toBe(200);
    expect(html).toContain(ja.twoFactor.enrollHeading);
    expect(html).toContain(`>${escaped}</code>`);
    expect(html).toContain(`href="otpauth://totp/x${escaped}"`);
    expect(html).toContain('<div class="qr"><svg role="img" data-qr></svg></div>');
    expect(html).not.toContain('name="backupCode"');
    expect(html).not.toContain(hostile);
  });

  it("offers the box only with trustedDevices, and the passkey with its script under the nonce", async () => {
    const plain = await twoFactorPage(await resolved({}), { request: request(), nonce }, undefined, slots);
    expect((plain as { html: string }).html).not.toContain('name="trustDevice"');
    expect((plain as { html: string }).html).not.toContain("<script");

    const config = await resolved({
      providers: [Passkey()],
      experimental: { enableWebAuthn: true },
      twoFactor: twoFactor({ trustedDevices: { maxAge: 86400 } }),
    });
    const passkey = { passkeyOptionsUrl: `${baseUrl}/two-factor/passkey-options`, webauthnScriptUrl: `${baseUrl}/webauthn-script` };
    const { html } = await twoFactorPage(config, { request: request(), nonce }, "TwoFactorCodeInvalid", { ...slots, ...passkey });
    // one box in each form: the code's, the backup code's, and carried with the passkey's result
    expect(html.match(/name="trustDevice"/g)).toHaveLength(3);
    expect(html).toMatch(/<div data-webauthn-carry=""><div class="field"><label><input type="checkbox" name="trustDevice"/);
    expect(html).toContain(`data-webauthn-options="${baseUrl}/two-factor/passkey-options"`);
    expect(html.match(/<script\b[^>]*>/gi)).toEqual([`<script nonce="${nonce}" src="${baseUrl}/webauthn-script">`, `<script nonce="${nonce}">`]);
  });

  it("for a user whose only second factor is a passkey: its heading and intro, no code forms", async () => {
    const config = await resolved({ providers: [Passkey()], experimental: { enableWebAuthn: true }, twoFactor: twoFactor({ required: true }) });
    const passkey = { passkeyOptionsUrl: `${baseUrl}/two-factor/passkey-options`, webauthnScriptUrl: `${baseUrl}/webauthn-script` };
    const { html } = await twoFactorPage(config, { request: request(), nonce }, undefined, { ...slots, ...passkey }, true);
    expect(html).toContain(`<h1>${messages.twoFactor.passkeyHeading}</h1>`);
    expect(html).not.toContain('name="code"');
    expect(html).not.toContain('name="backupCode"');
    expect(html).toContain(`data-webauthn-options="${baseUrl}/two-factor/passkey-options"`);
    // the page with the code forms is cached apart
    const both = await twoFactorPage(config, { request: request(), nonce }, undefined, { ...slots, ...passkey });
    expect(both.html).toContain('name="code"');
  });
});

describe("the backup codes page", () => {
  it("lists each code escaped and links on", async () => {
    const config = await resolved({});
    const { html } = await backupCodesPage(config, { request: request(), nonce }, { codes: ["abcde-fghjk", hostile], doneUrl: `/next${hostile}` });
    expect(html).toContain("<code>abcde-fghjk</code>");
    expect(html).toContain(`<code>${escaped}</code>`);
    expect(html).toContain(`href="/next${escaped}"`);
    expect(html).not.toContain(hostile);
  });
});
