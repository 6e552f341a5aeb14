import { describe, expect, it, vi } from "vitest";
import { cachedRender, type PageCache } from "../../../pages/cache.js";
import { renderSignOut, renderVerifyRequest, type PageResult } from "../../../pages/index.js";
import { compileTemplate, fillTemplate, withNonceSlots, withScriptNonces } from "../../../pages/template.js";

const hostile = `"<>&'`;
const escaped = "&quot;&lt;&gt;&amp;&#39;";
const nonce = "0123456789abcdef0123456789abcdef";

describe("compileTemplate and fillTemplate", () => {
  it("escape values in text and in attributes exactly as hono/jsx does", () => {
    const values = { host: `h${hostile}`, signinUrl: hostile, otpUrl: `/o${hostile}`, email: hostile, csrfToken: `t${hostile}` };
    const template = compileTemplate(Object.keys(values), (markers) => renderVerifyRequest({ theme: {}, ...(markers as typeof values) }).html);
    const html = fillTemplate(template, values, nonce);
    expect(html).toBe(renderVerifyRequest({ theme: {}, ...values }).html);
    expect(html).not.toContain(hostile);
    expect(html).toContain(`to h${escaped}.`);
    expect(html).toContain(`name="csrfToken" value="t${escaped}"`);
  });

  it("cut the page at every place a value goes", () => {
    const template = compileTemplate(["a", "b"], (m) => `<p title="${m.a}">${m.b}|${m.a}</p>`);
    expect(template).toEqual({ parts: ['<p title="', '">', "|", "</p>"], slots: ["a", "b", "a"] });
  });

  it("accept a value in an attribute of a script tag", () => {
    const template = compileTemplate(["src"], (m) => `<script src="${m.src}"></script><p>${m.src}</p>`);
    expect(fillTemplate(template, { src: hostile }, nonce)).toBe(`<script src="${escaped}"></script><p>${escaped}</p>`);
  });

  it("with nonce slots, put the response's nonce on every script tag and nowhere else, as a pass over the page would", () => {
    const page = (m: Record<string, string>) =>
      `<p>${m.a}</p><script src="${m.a}"></script><script>go()</script><p title="${m.b}">x</p><script src="/s"></script>`;
    const template = withNonceSlots(compileTemplate(["a", "b"], page));
    const values = { a: hostile, b: "<script>" };
    const filled = fillTemplate(template, values, nonce);
    expect(filled).toBe(withScriptNonces(page({ a: escaped, b: "&lt;script&gt;" }), nonce));
    expect(filled.match(/<script/g)).toHaveLength(3);
    expect(filled.match(new RegExp(`<script nonce="${nonce}"`, "g"))).toHaveLength(3);
    expect(fillTemplate(template, values, "another")).toContain('<script nonce="another" src=');
  });

  it("refuse a value inside script or style text, where escaping does not protect", () => {
    expect(() => compileTemplate(["x"], (m) => `<script>const x = "${m.x}";</script>`)).toThrow(/inside a script or style/);
    expect(() => compileTemplate(["x"], (m) => `<style>a { content: "${m.x}" }</style>`)).toThrow(/inside a script or style/);
  });

  it("refuse a page that changed a marker instead of showing it", () => {
    expect(() => compileTemplate(["x"], (m) => `<p>${m.x.slice(0, 20)}</p>`)).toThrow(/altered/);
    expect(() => compileTemplate(["x"], (m) => `<p>${m.x.toUpperCase()}</p>`)).toThrow(/altered/);
  });
});

describe("cachedRender", () => {
  const signOut = (theme: { brandColor?: string }) =>
    vi.fn((markers: { csrfToken: string; url: string; callbackUrl?: string }): PageResult => renderSignOut({ theme, ...markers }));

  it("renders once per owner and variant, then only fills in values", () => {
    const cache: PageCache = new WeakMap();
    const owner = {};
    const render = signOut({});
    const first = cachedRender(cache, owner, "", { csrfToken: "a", url: "/o", callbackUrl: "/c" }, render, nonce);
    const second = cachedRender(cache, owner, "", { csrfToken: hostile, url: "/o", callbackUrl: hostile }, render, nonce);
    expect(render).toHaveBeenCalledTimes(1);
    expect(first.html).toBe(withScriptNonces(renderSignOut({ theme: {}, csrfToken: "a", url: "/o", callbackUrl: "/c" }).html, nonce));
    expect(second.html).toBe(withScriptNonces(renderSignOut({ theme: {}, csrfToken: hostile, url: "/o", callbackUrl: hostile }).html, nonce));
    expect(second.html).toContain(`value="${escaped}"`);
    cachedRender(cache, owner, "other", { csrfToken: "a", url: "/o", callbackUrl: "/c" }, render, nonce);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("never serves one owner's page to another", () => {
    const cache: PageCache = new WeakMap();
    const slots = { csrfToken: "a", url: "/o", callbackUrl: "/c" };
    const red = cachedRender(cache, {}, "", slots, signOut({ brandColor: "#aa0000" }), nonce);
    const blue = cachedRender(cache, {}, "", slots, signOut({ brandColor: "#0000aa" }), nonce);
    expect(red.html).toContain("--brand: #aa0000;");
    expect(blue.html).toContain("--brand: #0000aa;");
    expect(blue.html).not.toContain("#aa0000");
  });

  it("keeps pages apart by which values are present, since an absent one is left out", () => {
    const cache: PageCache = new WeakMap();
    const owner = {};
    const render = signOut({});
    const without = cachedRender(cache, owner, "", { csrfToken: "a", url: "/o", callbackUrl: undefined }, render, nonce);
    const withCallback = cachedRender(cache, owner, "", { csrfToken: "a", url: "/o", callbackUrl: "/c" }, render, nonce);
    expect(render).toHaveBeenCalledTimes(2);
    expect(without.html).not.toContain('name="callbackUrl"');
    expect(withCallback.html).toContain('name="callbackUrl" value="/c"');
  });

  it("keeps the status of the rendered page", () => {
    const page = cachedRender(new WeakMap(), {}, "", { x: "1" }, (m) => ({ html: `<p>${m.x}</p>`, status: 403 }), nonce);
    expect(page).toEqual({ html: "<p>1</p>", status: 403 });
  });
});
