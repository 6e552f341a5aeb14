import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorPage, signOutPage } from "../../../pages/configured.js";
import { loadPages } from "../../../pages/load.js";
import { pageText } from "../../../src/messages/locale.js";
import { ja } from "../../../src/messages/ja.js";
import { mergeMessages } from "../../../src/messages/overrides.js";
import { renderError, renderSignOut } from "../../../pages/render.js";
import { createMemo } from "../../../src/memo.js";
import type { AuthConfig } from "../../../src/config/config-types.js";
import { createAuth } from "../../../src/index.js";

vi.mock("../../../src/messages/overrides.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/messages/overrides.js")>();
  return { ...actual, mergeMessages: vi.fn(actual.mergeMessages) };
});

vi.mock("../../../pages/render.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../pages/render.js")>();
  return {
    ...actual,
    renderSignOut: vi.fn((props: Parameters<typeof actual.renderSignOut>[0]) => actual.renderSignOut(props)),
    renderError: vi.fn((props: Parameters<typeof actual.renderError>[0]) => actual.renderError(props)),
  };
});

const config: AuthConfig = { secret: "instance-caches-secret-0123456789abcdef", providers: [] };
const request = new Request("https://app.example/auth/signout");
const nonce = "0123456789abcdef0123456789abcdef";
const slots = { csrfToken: "token", url: "https://app.example/auth/signout", callbackUrl: "https://app.example/" };
const resolved = () => createAuth(config, { env: {} }).resolveConfig();

beforeEach(() => {
  vi.mocked(renderSignOut).mockClear();
});

describe("the instance's memo", () => {
  it("makes each key's value once and keeps it", () => {
    const memo = createMemo();
    const key = Symbol("key");
    const make = vi.fn(() => ({}));
    expect(memo(key, make)).toBe(memo(key, make));
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("shares nothing between two instances", () => {
    const key = Symbol("key");
    expect(createMemo()(key, () => ({}))).not.toBe(createMemo()(key, () => ({})));
  });
});

describe("rendered pages belong to the instance", () => {
  it("an instance renders a page once, then only fills it in", async () => {
    const own = await resolved();
    await signOutPage(own, { request, nonce }, slots);
    await signOutPage(own, { request, nonce }, { ...slots, csrfToken: "another" });
    expect(renderSignOut).toHaveBeenCalledTimes(1);
  });

  it("two instances built from one configuration object each render and keep their own", async () => {
    const [first, second] = await Promise.all([resolved(), resolved()]);
    await signOutPage(first, { request, nonce }, slots);
    await signOutPage(second, { request, nonce }, slots);
    await signOutPage(first, { request, nonce }, slots);
    expect(renderSignOut).toHaveBeenCalledTimes(2);
  });

  it("nothing is kept outside an instance: a stand-in configuration is rendered every time", async () => {
    vi.mocked(renderError).mockClear();
    const standIn = { theme: {} };
    await errorPage(standIn, { request, nonce }, "Configuration", {});
    await errorPage(standIn, { request, nonce }, "Configuration", {});
    expect(renderError).toHaveBeenCalledTimes(2);
  });

  it("each instance loads the pages module through its own memo; a request without one still gets it", async () => {
    const [first, second] = await Promise.all([resolved(), resolved()]);
    expect(loadPages(first)).toBe(loadPages(first));
    expect(loadPages(first)).not.toBe(loadPages(second));
    expect((await loadPages(undefined)).errorPage).toBe(errorPage);
  });

  it("an instance merges a language's catalog once; another instance with the same messages object merges its own", async () => {
    vi.mocked(mergeMessages).mockClear();
    const messages = { ja };
    const instance = () => createAuth({ ...config, messages, locale: "ja" }, { env: {} }).resolveConfig();
    const [first, second] = await Promise.all([instance(), instance()]);
    expect((await pageText(first, request)).lang).toBe("ja");
    await pageText(first, request);
    expect(mergeMessages).toHaveBeenCalledTimes(1);
    await pageText(second, request);
    expect(mergeMessages).toHaveBeenCalledTimes(2);
  });
});
