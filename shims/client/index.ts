/**
 * `sekisho/client`: sign-in, sign-out and session calls from the browser, for any framework. Every POST
 * uses the JSON redirect mode (`X-Auth-Return-Redirect`), so the page decides when to navigate.
 */
import type { Session } from "../../src/index.js";
// The one module of the core made for the browser too: a browser shim must not load the server core.
import { signInFields, type SignInOptions as BaseSignInOptions } from "../../src/sign-in-options.js";

export interface ClientOptions {
  /** Where sekisho's routes are mounted: `/api/auth` in Next.js, `/auth` elsewhere. */
  basePath: string;
  /** Called after anything that may change the session (sign-in, sign-out, update). */
  onChange?: () => void;
  /**
   * Runs a passkey provider's ceremony in the browser and gives the fields its callback takes (`action`, `data`);
   * `optionsUrl` is its webauthn-options route, with the sign-in options (`action`, `email`) as the query.
   * sekisho/webauthn's `signIn` passes it, so that this module does not carry the WebAuthn browser code.
   */
  passkeyCeremony?: (optionsUrl: string) => Promise<Record<string, string>>;
}

export interface SignInOptions extends BaseSignInOptions {
  /** The older name of `redirectTo`. */
  callbackUrl?: string;
}

export interface SignOutOptions {
  redirect?: boolean;
  redirectTo?: string;
  callbackUrl?: string;
}

export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][];

/** The outcome of a sign-in that did not navigate. `error` and `code` come from the sign-in page's query. */
export interface SignInResult {
  ok: boolean;
  status: number;
  error: string | null;
  code: string | null;
  url: string | null;
}

export interface ClientProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

function navigate(url: string): void {
  window.location.href = url;
  // Changing only the hash does not load the page.
  if (url.includes("#")) window.location.reload();
}

/** The browser calls of one sekisho mount. */
export function authClient({ basePath, onChange, passkeyCeremony }: ClientOptions) {
  const base = basePath.replace(/\/+$/, "");

  async function getJson<T>(path: string): Promise<T> {
    const response = await fetch(`${base}${path}`, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (!response.ok) throw new Error(`sekisho: GET ${base}${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  const getSession = () => getJson<Session | null>("/session");
  const getProviders = () => getJson<Record<string, ClientProvider>>("/providers");
  const getCsrfToken = async () => (await getJson<{ csrfToken: string }>("/csrf")).csrfToken;

  /** A CSRF-checked form POST answered with `{url}`. */
  async function post(url: string, body: Record<string, unknown>): Promise<{ url: string; status: number }> {
    const form = new URLSearchParams({ csrfToken: await getCsrfToken() });
    for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.set(key, String(value));
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: form,
    });
    const answer = (await response.json()) as { url?: string; message?: string };
    if (typeof answer.url !== "string")
      throw new Error(`sekisho: POST ${url} answered ${response.status}${answer.message ? `: ${answer.message}` : ""}`);
    return { url: answer.url, status: response.status };
  }

  /** The passkey ceremony's fields for `provider`, asked with the sign-in options that name one (`action`, `email`). */
  function passkey(provider: string, options: Record<string, unknown>): Promise<Record<string, string>> {
    if (!passkeyCeremony) {
      throw new Error(`sekisho: "${provider}" is a passkey provider: sign in with \`signIn\` from "sekisho/webauthn".`);
    }
    const query = new URLSearchParams();
    for (const name of ["action", "email"]) if (typeof options[name] === "string") query.set(name, options[name] as string);
    return passkeyCeremony(`${base}/webauthn-options/${encodeURIComponent(provider)}?${query}`);
  }

  async function signIn(
    provider?: string,
    options?: SignInOptions | FormData,
    authorizationParams?: AuthorizationParams,
  ): Promise<SignInResult | undefined> {
    const { redirect = true, redirectTo, callbackUrl, ...rest } = signInFields(options);
    const target = redirectTo ?? callbackUrl ?? window.location.href;
    const providers = provider ? await getProviders() : {};
    const entry = provider ? providers[provider] : undefined;
    if (!entry) {
      navigate(`${base}/signin?${new URLSearchParams({ callbackUrl: target })}`);
      return undefined;
    }
    const posted = entry.type === "credentials" || entry.type === "webauthn";
    const endpoint = new URL(posted ? entry.callbackUrl : entry.signinUrl, window.location.href);
    for (const [key, value] of new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0])) {
      endpoint.searchParams.append(key, value);
    }
    const ceremony = entry.type === "webauthn" ? await passkey(provider as string, rest) : {};
    const { url, status } = await post(endpoint.href, { ...rest, ...ceremony, callbackUrl: target });
    const query = new URL(url, window.location.href).searchParams;
    const error = query.get("error");
    if (!error) onChange?.();
    if (redirect) {
      navigate(url);
      return undefined;
    }
    return { ok: !error, status, error, code: query.get("code"), url: error ? null : url };
  }

  async function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
    const target = options.redirectTo ?? options.callbackUrl ?? window.location.href;
    const { url } = await post(`${base}/signout`, { callbackUrl: target });
    onChange?.();
    if (options.redirect ?? true) {
      navigate(url);
      return undefined;
    }
    return { url };
  }

  /** Sends `data` to the session's update (the jwt callback's `session`); resolves to the new session. */
  async function updateSession(data: unknown): Promise<Session | null> {
    const response = await fetch(`${base}/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ csrfToken: await getCsrfToken(), data }),
    });
    const session = response.ok ? ((await response.json()) as Session | null) : null;
    onChange?.();
    return session;
  }

  return { signIn, signOut, getSession, getProviders, getCsrfToken, updateSession };
}

export type AuthClient = ReturnType<typeof authClient>;

/** The calls for sekisho mounted at `/auth`; use `authClient({ basePath })` for another mount. */
export const { signIn, signOut, getSession, getProviders, getCsrfToken, updateSession } = authClient({ basePath: "/auth" });
