import { loadPages } from "../../pages/load.js";
import type { ResolvedConfig } from "../config/types.js";
import type { OutCookie } from "../http/cookies.js";
import { noCacheHeaders, type Outcome } from "../http/outcome.js";
import type { PageDescription } from "../http/page-description.js";
import { pageHeaders } from "../http/page-headers.js";
import { withSetCookies } from "../http/set-cookie.js";

/** Where an outcome goes. */
export interface Destination {
  request: Request;
  /** Renders the pages; absent when the request failed before its configuration resolved. */
  config?: ResolvedConfig;
  /** Who may frame a page, and the page's own origin. Without it (a failed request's error page), no one may. */
  framing?: { ancestors: readonly string[]; origin: string };
}

/** Stands in for the configuration when a request failed before it resolved. */
const unresolved = { theme: {} };

/** When a cookie was changed twice, the last value wins. */
function lastOfEachName(cookies: OutCookie[]): OutCookie[] {
  return [...new Map(cookies.map((cookie) => [cookie.name, cookie])).values()];
}

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

async function render(page: PageDescription, to: Destination): Promise<{ html: string; status: number }> {
  const pages = await loadPages(to.config);
  const { config, request } = to;
  if (page.name === "error") return pages.errorPage(config ?? unresolved, request, page.error, page.slots);
  if (!config) throw new TypeError(`The ${page.name} page is shown only for a request whose configuration resolved.`);
  switch (page.name) {
    case "signIn":
      return pages.signInPage(config, request, page.error, page.slots);
    case "signOut":
      return pages.signOutPage(config, request, page.slots);
    case "verifyRequest":
      return pages.verifyRequestPage(config, request, page.error, page.slots, page.triesLeft);
    case "emailConfirm":
      return pages.emailConfirmPage(config, request, page.slots);
    case "sessions":
      return pages.sessionsPage(config, request, page.slots);
    case "signInExpired":
      return pages.signInExpiredPage(config, request, page.slots);
  }
}

async function response(outcome: Outcome, to: Destination): Promise<Response> {
  switch (outcome.kind) {
    case "redirect":
      if (to.request.headers.has("x-auth-return-redirect")) return jsonResponse({ url: outcome.url }, 200, noCacheHeaders);
      return new Response(null, { status: 302, headers: { Location: outcome.url, ...noCacheHeaders, ...outcome.headers } });
    case "json":
      return jsonResponse(outcome.body, outcome.status, outcome.headers);
    case "page": {
      const { html, status } = await render(outcome.page, to);
      const secured = pageHeaders(html, to.framing?.ancestors ?? [], to.framing?.origin);
      return new Response(secured.html, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", ...noCacheHeaders, ...secured.headers },
      });
    }
    case "reply":
      return new Response(outcome.body, { status: outcome.status, headers: outcome.headers });
  }
}

/**
 * The Response for an outcome: the one place that renders a page or writes Set-Cookie for a route. A
 * redirect is `200 {url}` for a script that sent `X-Auth-Return-Redirect`, and keeps its cookies either way.
 */
export async function send(outcome: Outcome, to: Destination): Promise<Response> {
  return withSetCookies(await response(outcome, to), lastOfEachName(outcome.cookies));
}
