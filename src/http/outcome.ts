import type { OutCookie } from "./cookies.js";
import type { PageDescription } from "./page-description.js";

/*
 * What a route or flow answers: a redirect, JSON, a page description, or a fixed reply, each with the cookie
 * changes it makes (a cleared cookie is one with `maxAge: 0`). The app layer turns it into a Response
 * (app/send.ts): it alone writes Set-Cookie and renders pages.
 */

export type Outcome =
  /** A 302, or `200 {url}` for a script that sent `X-Auth-Return-Redirect`; never cached. `headers` are added. */
  | { kind: "redirect"; url: string; headers?: Record<string, string>; cookies: OutCookie[] }
  | { kind: "json"; body: unknown; status: number; headers?: Record<string, string>; cookies: OutCookie[] }
  | { kind: "page"; page: PageDescription; cookies: OutCookie[] }
  /** A reply whose status and headers a protocol fixes: a served script, a form_post hop, a back-channel answer. */
  | { kind: "reply"; status: number; body: string | null; headers: Record<string, string>; cookies: OutCookie[] };

export const noCacheHeaders = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

export function redirect(url: string, cookies: OutCookie[] = []): Outcome {
  return { kind: "redirect", url, cookies };
}

export function json(
  body: unknown,
  options: { status?: number; headers?: Record<string, string>; cookies?: OutCookie[] } = {},
): Outcome {
  return { kind: "json", body, status: options.status ?? 200, headers: options.headers, cookies: options.cookies ?? [] };
}

export function page(description: PageDescription, cookies: OutCookie[] = []): Outcome {
  return { kind: "page", page: description, cookies };
}

/** The outcome with `cookies` changed before its own changes, so its own win where both set a name. */
function after(cookies: OutCookie[], outcome: Outcome): Outcome {
  return cookies.length ? { ...outcome, cookies: [...cookies, ...outcome.cookies] } : outcome;
}

/**
 * A failure that happened after cookie changes which hold all the same: a consumed check cookie is cleared,
 * and a remembered callback URL kept, even when the sign-in then fails. The app's error boundary unwraps it.
 */
export class FailedAfterCookies extends Error {
  constructor(
    readonly error: unknown,
    readonly cookies: OutCookie[],
  ) {
    super("failed after cookie changes", { cause: error });
  }
}

/** Runs `next` after the cookie changes `cookies`: a failure it throws carries them (its result does not). */
export async function failingWith<T>(cookies: OutCookie[], next: () => Promise<T>): Promise<T> {
  if (!cookies.length) return next();
  try {
    return await next();
  } catch (error) {
    if (error instanceof FailedAfterCookies) throw new FailedAfterCookies(error.error, [...cookies, ...error.cookies]);
    throw new FailedAfterCookies(error, cookies);
  }
}

/** Runs `next` after the cookie changes `cookies`: they join its outcome, or the failure it throws. */
export async function keeping(cookies: OutCookie[], next: () => Promise<Outcome>): Promise<Outcome> {
  return after(cookies, await failingWith(cookies, next));
}

/** The failure itself, and the cookie changes made before it. */
export function unwrapFailure(thrown: unknown): { error: unknown; cookies: OutCookie[] } {
  return thrown instanceof FailedAfterCookies ? { error: thrown.error, cookies: thrown.cookies } : { error: thrown, cookies: [] };
}
