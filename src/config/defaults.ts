import type { CallbacksOptions } from "./types.js";
import { defaultRedirect } from "../http/redirect.js";

export const defaultMaxAge = 30 * 24 * 60 * 60;
export const defaultUpdateAge = 24 * 60 * 60;

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  session: ({ session }) => session,
  jwt: ({ token }) => token,
};

export function generateSessionToken(): string {
  return crypto.randomUUID();
}
