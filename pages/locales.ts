/**
 * `sekisho/locales`: the built-in catalogs other than English, which is always there. An app turns a
 * language on by passing its catalog, so it bundles only the languages it chose:
 *
 *   import { ja, de } from "sekisho/locales";
 *   createAuth({ ..., messages: { ja, de } });
 *
 * or every one of them with `messages: allLocales`. `withMessages(ja, { signIn: { heading: "…" } })`
 * changes some texts of a catalog and keeps the rest.
 */
import { de } from "../src/messages/de.js";
import { es } from "../src/messages/es.js";
import { fr } from "../src/messages/fr.js";
import { ja } from "../src/messages/ja.js";
import { mergeMessages, type MessageOverrides } from "../src/messages/overrides.js";
import { ptBR } from "../src/messages/pt-BR.js";
import type { Messages } from "../src/messages/message-types.js";
import { zhCN } from "../src/messages/zh-CN.js";

export { de, es, fr, ja, ptBR, zhCN };
export { en } from "../src/messages/en.js";
export type {
  EmailTexts,
  ErrorPageCode,
  ErrorPageText,
  Messages,
  NoticeTexts,
  SignInErrorCode,
} from "../src/messages/message-types.js";
export type { MessageOverrides, MessagesOption } from "../src/messages/overrides.js";

/** Every built-in catalog but English, by language tag. */
export const allLocales: Record<string, Messages> = { ja, de, fr, es, "pt-BR": ptBR, "zh-CN": zhCN };

/** A catalog with some of its texts replaced. */
export function withMessages(catalog: Messages, overrides: MessageOverrides): Messages {
  return mergeMessages(catalog, overrides);
}
