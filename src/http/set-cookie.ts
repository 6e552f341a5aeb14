import { serializeCookie, type OutCookie } from "./cookies.js";

/** The Set-Cookie header values for `cookies`, in order. */
export function setCookieLines(cookies: OutCookie[]): string[] {
  return cookies.map(({ name, value, options }) => serializeCookie(name, value, options));
}

/**
 * `response` with a Set-Cookie header for each cookie, in order: the app's responses and the shims' use this
 * one writer. A copy when the response's headers are immutable (e.g. `Response.redirect`).
 */
export function withSetCookies(response: Response, cookies: OutCookie[]): Response {
  if (!cookies.length) return response;
  const lines = setCookieLines(cookies);
  try {
    for (const line of lines) response.headers.append("Set-Cookie", line);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const line of lines) copy.headers.append("Set-Cookie", line);
    return copy;
  }
}
