/**
 * The test suites' OpenID provider: the demo's local IdP with three clients (client_secret_basic,
 * client_secret_post and a public client), and a function that plays the user at its login pages.
 */
import { startLocalIdp, type LocalIdp, type LocalIdpOptions, type LocalIdpUser } from "../../examples/demo/local-idp.js";
import { createCookieJar, type CookieJar } from "./cookie-jar.js";

export type IdpUser = LocalIdpUser;
export type Idp = LocalIdp;
export type IdpOptions = Omit<LocalIdpOptions, "clients" | "users">;

export const idpClients = {
  confidential: { client_id: "sekisho-basic", client_secret: "basic-secret-0123456789abcdefghijkl", token_endpoint_auth_method: "client_secret_basic" },
  post: { client_id: "sekisho-post", client_secret: "post-secret-0123456789abcdefghijklm", token_endpoint_auth_method: "client_secret_post" },
  public: { client_id: "sekisho-public", token_endpoint_auth_method: "none" },
} as const;

/** The IdP with the three clients; `options` turns on refresh tokens or sets the access-token lifetime. */
export function startIdp(users: IdpUser[], options: IdpOptions = {}): Promise<Idp> {
  return startLocalIdp({ ...options, users, clients: Object.values(idpClients) });
}

/** Revokes a refresh token at the IdP (RFC 7009) as the confidential client, as a user or an administrator there would. */
export function revokeRefreshToken(idp: Idp, refreshToken: string): Promise<Response> {
  const { client_id, client_secret } = idpClients.confidential;
  return fetch(`${idp.issuer}/token/revocation`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${btoa(`${client_id}:${client_secret}`)}` },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
  });
}

export interface IdpReturn {
  /** The request the browser would make back to the app: a GET, or a POST for form_post. */
  url: string;
  method: "GET" | "POST";
  body?: URLSearchParams;
}

function inputsOf(html: string): URLSearchParams {
  const body = new URLSearchParams();
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    body.set(match[1], match[2].replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
  }
  return body;
}

/**
 * Plays the user at the IdP: follows the authorization redirect, logs in as `sub`, consents, and returns
 * where the IdP sends the browser back to.
 */
export async function loginAtIdp(authorizationUrl: string, sub: string, jar: CookieJar = createCookieJar()): Promise<IdpReturn> {
  const idpOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).href;
      if (new URL(next).origin !== idpOrigin) return { url: next, method: "GET" };
      url = next;
      continue;
    }
    const html = await response.text();
    if (/\/interaction\//.test(new URL(url).pathname)) {
      const prompt = /name="prompt" value="consent"/.test(html) ? "consent" : "login";
      const form = new URLSearchParams(prompt === "login" ? { prompt, login: sub, password: "any" } : { prompt });
      const posted = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      jar.store(posted);
      url = new URL(posted.headers.get("location")!, url).href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action) return { url: action.replace(/&amp;/g, "&"), method: "POST", body: inputsOf(html) };
    throw new Error(`The IdP answered ${response.status} at ${url} without a redirect or form`);
  }
  throw new Error("Too many steps at the IdP");
}

/**
 * Plays the user at the IdP's end-session page: opens `endSessionUrl` (the app's redirect, or the IdP's own
 * end-session endpoint), confirms "Sign out" in its form, and returns where the IdP sends the browser next.
 * The IdP makes its back-channel logout calls before it answers the confirmation.
 */
export async function logoutAtIdp(endSessionUrl: string, jar: CookieJar): Promise<string> {
  const page = await fetch(endSessionUrl, { redirect: "manual", headers: { cookie: jar.header() } });
  jar.store(page);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`The IdP answered ${page.status} at its end-session endpoint without a logout form`);
  const form = inputsOf(html);
  form.set("logout", "yes");
  const confirmed = await fetch(new URL(action.replace(/&amp;/g, "&"), endSessionUrl), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  jar.store(confirmed);
  const location = confirmed.headers.get("location");
  if (!location) throw new Error(`The IdP answered ${confirmed.status} to the logout confirmation without a redirect`);
  return new URL(location, endSessionUrl).href;
}
