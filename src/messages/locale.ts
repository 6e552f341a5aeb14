import { en } from "./en.js";
import { negotiateLocale } from "./negotiate.js";
import { mergeMessages, validateMessages, type MessagesOption } from "./overrides.js";
import type { Memo } from "../memo.js";
import type { Messages } from "./message-types.js";

/** The `locale` option: one language for every request, or a function of the request (undefined: negotiate). */
export type LocaleOption = string | ((request: Request) => string | undefined | Promise<string | undefined>);

/** What picks a page's language: the two options, both absent when the configuration did not resolve. */
export interface LocaleSettings {
  locale?: LocaleOption;
  messages?: MessagesOption;
  /** The instance that keeps the merged catalogs; without one they are merged again each time. */
  runtime?: { memo: Memo };
}

/** A language and its texts, for a page or an email. */
export interface PageText {
  lang: string;
  messages: Messages;
}

const defaultLocale = "en";

/** English alone: a configuration without `messages`, whose pages never need the request's language. */
const englishOnly: readonly string[] = Object.freeze([defaultLocale]);

/** The language tags a configuration can show: English, and those its `messages` option brings. */
export function availableLocales(settings: LocaleSettings): string[] {
  return [...new Set([defaultLocale, ...Object.keys(settings.messages ?? {})])];
}

type AvailableByOption = WeakMap<MessagesOption, readonly string[]>;
const availableByOption = Symbol("sekisho.availableLocales");
const emptyAvailable = (): AvailableByOption => new WeakMap();

/** The configuration's tags, listed once per instance and `messages` object rather than on each request. */
function availableOf(settings: LocaleSettings): readonly string[] {
  const option = settings.messages;
  if (!option) return englishOnly;
  const lists = settings.runtime ? settings.runtime.memo(availableByOption, emptyAvailable) : emptyAvailable();
  let available = lists.get(option);
  if (!available) lists.set(option, (available = availableLocales(settings)));
  return available;
}

/** A tag as the configuration spells it ("pt-br" → "pt-BR"), or undefined when no catalog has it. */
function known(tag: string | undefined, available: readonly string[]): string | undefined {
  if (tag === undefined) return undefined;
  const lower = tag.toLowerCase();
  return available.find((candidate) => candidate.toLowerCase() === lower);
}

function chosenOrNegotiated(chosen: string | undefined, request: Request, available: readonly string[]): string {
  return known(chosen, available) ?? negotiateLocale(request.headers.get("accept-language"), available) ?? defaultLocale;
}

/**
 * The request's language: the fixed `locale`, what the `locale` function returns, or the best match for
 * Accept-Language. A promise only when the `locale` function is asked.
 */
export function selectLocale(settings: LocaleSettings, request: Request): string | Promise<string> {
  const available = availableOf(settings);
  const { locale } = settings;
  if (typeof locale === "function") {
    return Promise.resolve(locale(request)).then((chosen) => chosenOrNegotiated(chosen, request, available));
  }
  // With English alone every choice ends in English: the header is not read.
  if (available.length === 1) return defaultLocale;
  return chosenOrNegotiated(locale, request, available);
}

type Catalogs = WeakMap<MessagesOption, Map<string, Messages>>;
const mergedCatalogs = Symbol("sekisho.mergedCatalogs");
const emptyCatalogs = (): Catalogs => new WeakMap();

/** The texts for a language: its catalog from `messages` laid over English, so a partial catalog still shows every text. */
function catalog(settings: LocaleSettings, lang: string): Messages {
  const option = settings.messages;
  if (!option || !Object.hasOwn(option, lang)) return en;
  const catalogs = settings.runtime ? settings.runtime.memo(mergedCatalogs, emptyCatalogs) : emptyCatalogs();
  let byLang = catalogs.get(option);
  if (!byLang) catalogs.set(option, (byLang = new Map()));
  let messages = byLang.get(lang);
  if (!messages) byLang.set(lang, (messages = mergeMessages(en, option[lang])));
  return messages;
}

/** Checks both options at start-up; each error names the option. */
export function validateLocaleSettings({ locale, messages }: { locale?: unknown; messages?: unknown }): void {
  validateMessages(messages);
  if (locale === undefined || typeof locale === "function") return;
  const available = availableLocales({ messages });
  if (typeof locale !== "string" || !known(locale, available)) {
    throw new TypeError(
      `locale must be a language that \`messages\` provides (${available.map((tag) => `"${tag}"`).join(", ")}), or a function of the request; got ${JSON.stringify(locale)}. ` +
        `To add a built-in language: import { ja } from "sekisho/locales" and set messages: { ja }.`,
    );
  }
}

/** The language and texts for a request; a promise only when the `locale` function is asked. */
export function pageText(settings: LocaleSettings, request: Request): PageText | Promise<PageText> {
  const lang = selectLocale(settings, request);
  if (typeof lang === "string") return { lang, messages: catalog(settings, lang) };
  return lang.then((chosen) => ({ lang: chosen, messages: catalog(settings, chosen) }));
}
