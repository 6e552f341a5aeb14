import { describe, expect, it } from "vitest";
import { pageText, selectLocale } from "../../../src/messages/locale.js";
import { de } from "../../../src/messages/de.js";
import { en } from "../../../src/messages/en.js";
import { es } from "../../../src/messages/es.js";
import { fr } from "../../../src/messages/fr.js";
import { ja } from "../../../src/messages/ja.js";
import { negotiateLocale } from "../../../src/messages/negotiate.js";
import { ptBR } from "../../../src/messages/pt-BR.js";
import type { Messages } from "../../../src/messages/message-types.js";
import { zhCN } from "../../../src/messages/zh-CN.js";
import { allLocales, withMessages } from "../../../pages/locales.js";
import { verificationMessage } from "../../../src/providers/email-message.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { skipCSRFCheck } from "../../../src/index.js";
import type { EmailVerificationRequest } from "../../../src/config/providers/provider-types.js";
import { makeAuth, origin } from "../../helpers/auth-client.js";

const builtIn = ["en", "ja", "de", "fr", "es", "pt-BR", "zh-CN"];
const request = (acceptLanguage?: string) => new Request("https://app.example/auth/signin", { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });

/** Every text of a catalog, with functions called on a sample value, by dotted path. */
function texts(messages: unknown, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const where = path ? `${path}.${key}` : key;
    if (typeof value === "function") out.set(where, String((value as (...a: string[]) => string)("«A»", "«B»")));
    else if (typeof value === "string") out.set(where, value);
    else for (const [k, v] of texts(value, where)) out.set(k, v);
  }
  return out;
}

describe("Accept-Language negotiation", () => {
  it.each([
    ["ja,en;q=0.5", "ja"],
    ["de-CH, fr;q=0.9", "de"],
    ["en;q=0.4, fr;q=0.8", "fr"],
    ["pt-BR", "pt-BR"],
    ["pt-PT, en;q=0.1", "pt-BR"],
    ["pt", "pt-BR"],
    ["zh-CN", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-TW, ja;q=0.5", "ja"],
    ["zh-Hant", undefined],
    ["ES-mx", "es"],
    ["ko, *;q=0.1", undefined],
    ["ja;q=0, de", "de"],
    ["", undefined],
    ["garbage;;;,,q=x", undefined],
  ])("%j picks %s", (header, expected) => {
    expect(negotiateLocale(header, builtIn)).toBe(expected);
  });

  it("falls back to English, and a fixed locale or a function overrides the header", async () => {
    const messages = allLocales;
    expect(await selectLocale({ messages }, request("ko"))).toBe("en");
    expect(await selectLocale({ messages }, request())).toBe("en");
    expect(await selectLocale({ messages, locale: "de" }, request("ja"))).toBe("de");
    const perRequest = (r: Request) => (new URL(r.url).searchParams.get("lang") ?? undefined);
    expect(await selectLocale({ messages, locale: perRequest }, new Request("https://a.example/?lang=fr", { headers: { "accept-language": "ja" } }))).toBe("fr");
    expect(await selectLocale({ messages, locale: perRequest }, request("ja"))).toBe("ja");
    expect(await selectLocale({ messages, locale: () => "xx-unknown" }, request("es"))).toBe("es");
  });

  it("offers only the languages the configuration brings: English unless told", async () => {
    expect(await selectLocale({}, request("ja, de;q=0.5"))).toBe("en");
    expect(await selectLocale({ messages: { de } }, request("ja, de;q=0.5"))).toBe("de");
  });
});

describe("the catalogs", () => {
  const catalogs: Record<string, Messages> = { ja, de, fr, es, "pt-BR": ptBR, "zh-CN": zhCN };

  it.each(Object.entries(catalogs))("%s translates every English text and keeps the placeholders", (_, catalog) => {
    const english = texts(en);
    const translated = texts(catalog);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of translated) {
      expect(text.trim(), path).not.toBe("");
      for (const placeholder of ["«A»", "«B»"]) {
        if (english.get(path)!.includes(placeholder)) expect(text, path).toContain(placeholder);
      }
      const same = ["common.emailPlaceholder", "verifyRequest.codeLabel", "error.title"].includes(path) || /\.back$|^email\.(subject|heading)$/.test(path);
      if (!same) {
        expect(text, `${path} is still English`).not.toBe(english.get(path));
      }
    }
    for (const code of Object.keys(en.error.codes) as Array<keyof typeof en.error.codes>) {
      expect(catalog.error.codes[code].back).toBe(en.error.codes[code].back);
    }
  });

  it("the email flow hands the sender the request's language and its texts", async () => {
    const sent: EmailVerificationRequest[] = [];
    const auth = makeAuth({
      adapter: MemoryAdapter(),
      skipCSRFCheck,
      messages: { ja },
      providers: [{ id: "email", name: "Email", type: "email", sendVerificationRequest: async (request) => void sent.push(request) }],
    });
    const body = new URLSearchParams({ email: "hana@example.com" });
    const response = await auth.fetch(new Request(`${origin}/auth/signin/email`, { method: "POST", body, headers: { "accept-language": "ja-JP,en;q=0.5" } }));
    expect(response.status).toBe(302);
    expect(sent[0].locale).toBe("ja");
    expect(sent[0].messages?.email.subject("h")).toBe("h へのサインイン");
  });

  it("the email comes in the request's language, with the expiry in it", () => {
    const expires = new Date(Date.now() + 24 * 3600 * 1000);
    const message = verificationMessage({ url: "https://app.example/x", host: "app.example", theme: {}, expires, locale: "ja", messages: ja });
    expect(message.subject).toBe("app.example へのサインイン");
    expect(message.text).toContain("次のリンクを開いてサインインしてください:");
    expect(message.text).toContain("24 時間後");
    expect(message.html).toContain('<html lang="ja">');
    expect(message.html).toContain(">サインイン</a>");
    const german = verificationMessage({ url: "https://app.example/x", host: "app.example", theme: {}, expires, otp: "123456", locale: "de", messages: de });
    expect(german.text).toContain("Link und Code laufen in 24 Stunden");
  });
});

describe("the messages option", () => {
  it("overrides one text of a built-in language and adds a language, laid over English", async () => {
    const messages = { ja: withMessages(ja, { signIn: { heading: "ようこそ" } }), eo: { signIn: { heading: "Ensaluti" } } };
    const ja1 = await pageText({ messages }, request("ja"));
    expect(ja1.messages.signIn.heading).toBe("ようこそ");
    expect(ja1.messages.signIn.title).toBe(ja.signIn.title);
    const eo = await pageText({ messages }, request("eo, ja;q=0.5"));
    expect(eo.lang).toBe("eo");
    expect(eo.messages.signIn.heading).toBe("Ensaluti");
    expect(eo.messages.signOut.button).toBe(en.signOut.button);
    expect((await pageText({ messages, locale: "eo" }, request())).lang).toBe("eo");
  });

  it.each([
    [{ messages: { ja: { signIn: { titel: "x" } } } }, /messages\["ja"\]\.signIn\.titel is not a message/],
    [{ messages: { ja: { signIn: { heading: 3 } } } }, /messages\["ja"\]\.signIn\.heading must be a string; got a number/],
    [{ messages: { ja: { common: { signInWith: "x" } } } }, /messages\["ja"\]\.common\.signInWith must be a function/],
    [{ messages: { ja: { signIn: "x" } } }, /messages\["ja"\]\.signIn must be an object/],
    [{ messages: { "not a tag": {} } }, /"not a tag" is not a language tag/],
    [{ messages: "ja" }, /messages must be an object/],
    [{ locale: "ko" }, /locale must be a language that `messages` provides \("en"\).*got "ko"\. To add a built-in language: import \{ ja \} from "sekisho\/locales"/],
    [{ locale: "ja" }, /locale must be a language that `messages` provides/],
    [{ locale: 3 }, /locale must be a language/],
  ])("rejects %j at start-up, naming the option", (options, message) => {
    expect(() => makeAuth(JSON.parse(JSON.stringify(options)))).toThrow(message);
  });

  it("rejects a __proto__ key from parsed JSON without touching any prototype", () => {
    const options = JSON.parse('{"messages":{"ja":{"__proto__":{"polluted":true}}}}');
    expect(() => makeAuth(options)).toThrow(/messages\["ja"\]\.__proto__ is not a message/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("accepts a locale that the messages option brings", () => {
    expect(() => makeAuth({ locale: "eo", messages: { eo: { signIn: { heading: "Ensaluti" } } } })).not.toThrow();
    expect(() => makeAuth({ locale: "ja", messages: { ja } })).not.toThrow();
    expect(() => makeAuth({ locale: "pt-br", messages: allLocales })).not.toThrow();
  });
});
