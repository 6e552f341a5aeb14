/** A browser-like cookie store for driving sekisho with `Request`s or `fetch`, plus a Set-Cookie parser. */

export interface SetCookie {
  name: string;
  /** The value exactly as sent (still percent-encoded). */
  value: string;
  /** Attribute names lower-cased; flags such as HttpOnly map to `true`. */
  attributes: Record<string, string | true>;
}

/** Parses one Set-Cookie header value. */
export function parseSetCookie(line: string): SetCookie {
  const [pair, ...rest] = line.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const at = part.indexOf("=");
    const key = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase();
    if (key) attributes[key] = at === -1 ? true : part.slice(at + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** Every Set-Cookie of a response, parsed. */
export function setCookiesOf(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}

/** Whether a Set-Cookie deletes its cookie (Max-Age ≤ 0 or an Expires in the past). */
export function isDeletion(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes["max-age"];
  if (typeof maxAge === "string") return Number(maxAge) <= 0;
  const expires = cookie.attributes.expires;
  return typeof expires === "string" && Date.parse(expires) <= Date.now();
}

export interface CookieJar {
  /** Applies a response's Set-Cookie headers: sets, replaces and deletes. */
  store(response: Response): void;
  /** The `Cookie` request header for everything held, or "" when empty. */
  header(): string;
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
  names(): string[];
  clear(): void;
}

export function createCookieJar(initial: Record<string, string> = {}): CookieJar {
  const cookies = new Map<string, string>(Object.entries(initial));
  return {
    store(response) {
      for (const cookie of setCookiesOf(response)) {
        if (isDeletion(cookie)) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    get: (name) => cookies.get(name),
    set: (name, value) => void cookies.set(name, value),
    delete: (name) => void cookies.delete(name),
    names: () => [...cookies.keys()],
    clear: () => cookies.clear(),
  };
}
