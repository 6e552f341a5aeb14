import { en } from "./en.js";
import type { Messages } from "./types.js";

/**
 * The built-in languages by tag. English is always there; every other catalog is its own module, imported
 * the first time a request needs that language, so a build that splits chunks loads only the languages used.
 */
export const builtInCatalogs: Readonly<Record<string, () => Promise<Messages>>> = {
  en: async () => en,
  ja: () => import("./ja.js").then((m) => m.ja),
  de: () => import("./de.js").then((m) => m.de),
  fr: () => import("./fr.js").then((m) => m.fr),
  es: () => import("./es.js").then((m) => m.es),
  "pt-BR": () => import("./pt-BR.js").then((m) => m.ptBR),
  "zh-CN": () => import("./zh-CN.js").then((m) => m.zhCN),
};

export const defaultLocale = "en";
