import type * as PagesModuleType from "../../pages/configured.js";
import { loadPages } from "../../pages/load.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { type OutCookie, withSetCookies } from "../http/cookies.js";
import { noCacheHeaders, type Outcome } from "../http/outcome.js";
import type { AccountSlots, MethodPageDescription, PageDescription } from "../http/page-description.js";
import { methodPagesOf } from "../flows/sign-in-method.js";
import { twoFactorFeatureOf, type TwoFactorPageDescription } from "../flows/two-factor-contract.js";
import { randomHex } from "../crypto.js";

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
  if (cookies.length < 2) return cookies;
  return [...new Map(cookies.map((cookie) => [cookie.name, cookie])).values()];
}

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

type PagesModule = typeof PagesModuleType;
type Rendered = { html: string; status: number };

function render(pages: PagesModule, page: PageDescription, to: Destination, nonce: string): Rendered | Promise<Rendered> {
  const { config, request } = to;
  const at = { request, nonce };
  if (page.name === "error") return pages.errorPage(config ?? unresolved, at, page.error, page.slots);
  if (!config) throw new TypeError(`The ${page.name} page is shown only for a request whose configuration resolved.`);
  switch (page.name) {
    case "signIn":
      return pages.signInPage(config, at, page.error, page.slots);
    case "signOut":
      return pages.signOutPage(config, at, page.slots);
    case "verifyRequest":
      return pages.verifyRequestPage(config, at, page.error, page.slots, page.triesLeft, page.confirms);
    case "emailConfirm":
    case "emailChange":
    case "password":
    case "passkeyOffer":
      return methodPage(config, at, page);
    case "sessions":
      return pages.sessionsPage(config, at, page.slots);
    case "account":
      return accountPage(pages, config, at, page.slots);
    case "signInExpired":
      return pages.signInExpiredPage(config, at, page.slots);
    case "twoFactor":
    case "totpEnrollment":
    case "backupCodes":
      return twoFactorPage(config, at, page);
  }
}

/** A page only one sign-in method shows: its provider module brings the module that renders it. */
async function methodPage(
  config: ResolvedConfig,
  at: { request: Request; nonce: string },
  page: MethodPageDescription,
): Promise<Rendered> {
  const pages = methodPagesOf(config, page.name);
  if (!pages) throw new TypeError(`No configured provider shows the ${page.name} page.`);
  return (await pages.load()).render(config, at, page);
}

/** The account page, with the second-factor feature's section when the feature is set. */
async function accountPage(
  pages: PagesModule,
  config: ResolvedConfig,
  at: { request: Request; nonce: string },
  slots: AccountSlots,
): Promise<Rendered> {
  const feature = twoFactorFeatureOf(config);
  const section = feature && (await feature.pages.load()).accountSection;
  return pages.accountPage(config, at, slots, section);
}

/** A page only the second-factor feature shows: its module (`sekisho/two-factor`) brings the module that renders it. */
async function twoFactorPage(
  config: ResolvedConfig,
  at: { request: Request; nonce: string },
  page: TwoFactorPageDescription,
): Promise<Rendered> {
  const feature = twoFactorFeatureOf(config);
  if (!feature) throw new TypeError(`The ${page.name} page is shown only with twoFactor set.`);
  return (await feature.pages.load()).render(config, at, page);
}

export interface PageSecurity {
  /** Fresh for each response: the page puts it on its every `<script>`. */
  nonce: string;
  headers: Record<string, string>;
}

/**
 * What keeps a built-in page from running foreign script or being framed by another site (clickjacking):
 * a Content-Security-Policy whose scripts are only those the page itself carries, under a fresh nonce, and
 * whose frame ancestors are the configured origins (none by default), with X-Frame-Options to match for
 * browsers that predate frame-ancestors.
 */
export function pageSecurity(frameAncestors: readonly string[], origin: string | undefined): PageSecurity {
  const nonce = randomHex(16);
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'";
  const headers: Record<string, string> = {
    "Content-Security-Policy": `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'; frame-ancestors ${ancestors}`,
  };
  const frameOptions =
    frameAncestors.length === 0 ? "DENY" : frameAncestors.every((allowed) => allowed === origin) ? "SAMEORIGIN" : undefined;
  // X-Frame-Options cannot name another origin: where one is allowed, the policy alone decides.
  if (frameOptions) headers["X-Frame-Options"] = frameOptions;
  return { nonce, headers };
}

/** The page's Response: its scripts carry a nonce made for this response alone, which its policy names. */
async function pageResponse(page: PageDescription, to: Destination): Promise<Response> {
  const security = pageSecurity(to.framing?.ancestors ?? [], to.framing?.origin);
  const pages = loadPages(to.config);
  const ready = pages instanceof Promise ? await pages : pages;
  const rendered = render(ready, page, to, security.nonce);
  const { html, status } = rendered instanceof Promise ? await rendered : rendered;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...noCacheHeaders, ...security.headers },
  });
}

function response(outcome: Outcome, to: Destination): Response | Promise<Response> {
  switch (outcome.kind) {
    case "redirect":
      if (to.request.headers.has("x-auth-return-redirect")) return jsonResponse({ url: outcome.url }, 200, noCacheHeaders);
      return new Response(null, { status: 302, headers: { Location: outcome.url, ...noCacheHeaders, ...outcome.headers } });
    case "json":
      return jsonResponse(outcome.body, outcome.status, outcome.headers);
    case "page":
      return pageResponse(outcome.page, to);
    case "reply":
      return new Response(outcome.body, { status: outcome.status, headers: outcome.headers });
  }
}

/**
 * The Response for an outcome: the one place that renders a page or writes Set-Cookie for a route. A
 * redirect is `200 {url}` for a script that sent `X-Auth-Return-Redirect`, and keeps its cookies either way.
 */
export async function send(outcome: Outcome, to: Destination): Promise<Response> {
  const answer = response(outcome, to);
  return withSetCookies(answer instanceof Promise ? await answer : answer, lastOfEachName(outcome.cookies));
}
