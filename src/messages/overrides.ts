import { en } from "./en.js";
import type { Messages } from "./message-types.js";

/** Some of a catalog's texts: any branch or text may be left out. */
export type MessageOverrides = { [K in keyof Messages]?: DeepPartial<Messages[K]> };
type DeepPartial<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** The `messages` option: overrides per language tag, for a built-in language or a new one. */
export type MessagesOption = Record<string, MessageOverrides>;

const languageTag = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return typeof value === "function"
    ? "a function"
    : Array.isArray(value)
      ? "an array"
      : value === null
        ? "null"
        : `a ${typeof value}`;
}

/** Checks one override against the English catalog's shape; `path` names the option for the error. */
function checkBranch(override: Record<string, unknown>, shape: Record<string, unknown>, path: string): void {
  for (const [key, value] of Object.entries(override)) {
    const where = `${path}.${key}`;
    if (!Object.hasOwn(shape, key))
      throw new TypeError(`${where} is not a message. The catalog's texts are those of sekisho's English catalog.`);
    const expected = shape[key];
    if (isPlainObject(expected)) {
      if (!isPlainObject(value)) throw new TypeError(`${where} must be an object of texts; got ${describe(value)}.`);
      checkBranch(value, expected, where);
    } else if (typeof expected === "function") {
      if (typeof value !== "function")
        throw new TypeError(
          `${where} must be a function returning the text, like ${expected.toString()}; got ${describe(value)}.`,
        );
    } else if (typeof value !== typeof expected) {
      throw new TypeError(`${where} must be ${describe(expected)}; got ${describe(value)}.`);
    }
  }
}

/** Validates the `messages` option at start-up, with errors that name the option and the text. */
export function validateMessages(option: unknown): asserts option is MessagesOption | undefined {
  if (option === undefined) return;
  if (!isPlainObject(option))
    throw new TypeError(
      `messages must be an object of catalogs by language, e.g. { ja: { signIn: { heading: "…" } } }; got ${describe(option)}.`,
    );
  for (const [tag, overrides] of Object.entries(option)) {
    if (!languageTag.test(tag))
      throw new TypeError(`messages["${tag}"]: "${tag}" is not a language tag such as "ja" or "pt-BR".`);
    if (!isPlainObject(overrides))
      throw new TypeError(`messages["${tag}"] must be an object of texts; got ${describe(overrides)}.`);
    checkBranch(overrides, en as unknown as Record<string, unknown>, `messages["${tag}"]`);
  }
}

function mergeBranch(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? mergeBranch(base[key], value) : value;
  }
  return merged;
}

/** The catalog with the overrides laid over it, text by text. */
export function mergeMessages(base: Messages, overrides: MessageOverrides | undefined): Messages {
  return overrides ? (mergeBranch(base as unknown as Record<string, unknown>, overrides) as unknown as Messages) : base;
}
