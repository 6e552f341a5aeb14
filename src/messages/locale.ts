import { en } from "./en.js";
import { negotiateLocale } from "./negotiate.js";
import { mergeMessages, validateMessages, type MessagesOption } from "./overrides.js";
import type { Memo } from "../memo.js";
import type { Messages } from "./types.js";

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

/** The language tags a configuration can show: English, and those its `messages` option brings. */
export function availableLocales(settings: LocaleSettings): string[] {
  return [...new Set([defaultLocale, ...Object.keys(settings.messages ?? {})])];
}

/** A tag as the configuration spells it ("pt-br" → "pt-BR"), or undefined when no catalog has it. */
function known(tag: string | undefined, available: string[]): string | undefined {
  return tag === undefined ? undefined : available.find((candidate) => candidate.toLowerCase() === tag.toLowerCase());
}

/** The request's language: the fixed `locale`, what the `locale` function returns, or the best match for Accept-Language. */
export async function selectLocale(settings: LocaleSettings, request: Request): Promise<string> {
  const available = availableLocales(settings);
  const { locale } = settings;
  const chosen = typeof locale === "function" ? await locale(request) : locale;
  return known(chosen, available) ?? negotiateLocale(request.headers.get("accept-language"), available) ?? defaultLocale;
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

/** The language and texts for a request. */
export async function pageText(settings: LocaleSettings, request: Request): Promise<PageText> {
  const lang = await selectLocale(settings, request);
  return { lang, messages: catalog(settings, lang) };
}
