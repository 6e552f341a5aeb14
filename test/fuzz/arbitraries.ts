/** Generators of malformed requests: odd paths, cookies, bodies, headers and parameters for every route. */
import fc from "fast-check";

export const origin = "http://localhost:3000";
export const basePath = "/auth";

const routes = ["providers", "session", "csrf", "signin", "signout", "callback", "error", "verify-request", "webauthn-options", "webauthn-script"];
const providerIds = ["credentials", "github", "email", "passkey", "nope", "", "..", "%2e%2e", "%2F", "a".repeat(300), "<script>", "%E0%A4%A", "ü", "\u0000"];

const nasty = fc.constantFrom(
  "", "%", "%%", "%zz", "%E0%A4%A", "..", "../..", "%2e%2e%2f", "//evil.com", "/\\evil.com", "\\\\evil.com", "javascript:alert(1)",
  "http://evil.com", "https://localhost:3000@evil.com", "\u0000", "\r\nSet-Cookie: x=1", "ﬀ", "＠", "😀", "<script>alert(1)</script>",
  "a".repeat(5000), "null", "undefined", "[]", "{}", "__proto__", "constructor",
);

const text = fc.oneof(fc.string({ maxLength: 64 }), fc.string({ unit: "grapheme", maxLength: 32 }), nasty);

export const path = fc.oneof(
  fc.tuple(fc.constantFrom(...routes), fc.option(fc.constantFrom(...providerIds), { nil: undefined }), fc.option(text, { nil: undefined })).map(
    ([route, provider, extra]) => [basePath, route, provider, extra].filter((part) => part !== undefined).join("/"),
  ),
  fc.array(text, { maxLength: 4 }).map((parts) => `${basePath}/${parts.join("/")}`),
);

const percentSafe = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%E0%A4%A";
  }
};

export const query = fc.dictionary(
  fc.constantFrom("callbackUrl", "error", "code", "state", "token", "email", "provider", "action", "iss", "error_description", "user"),
  text,
  { maxKeys: 4 },
).map((params) => Object.entries(params).map(([k, v]) => `${k}=${percentSafe(v)}`).join("&"));

export function cookieHeader(forgedTokens: string[]) {
  const name = fc.constantFrom(
    "authjs.session-token", "authjs.session-token.0", "authjs.session-token.1", "authjs.session-token.x", "authjs.csrf-token",
    "authjs.callback-url", "authjs.state", "authjs.pkce.code_verifier", "authjs.nonce", "authjs.challenge", "sekisho.email-otp",
    "sekisho.provider-accounts",
    "__Secure-authjs.session-token", "__Host-authjs.csrf-token", "x", "",
  );
  const value = fc.oneof(text, fc.constantFrom(...forgedTokens), fc.string({ maxLength: 8000 }));
  return fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join("; "));
}

export const contentType = fc.constantFrom(
  "application/json", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "", "garbage/garbage",
);

export const body = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json(),
  fc.dictionary(fc.constantFrom("csrfToken", "callbackUrl", "email", "username", "password", "code", "token", "action", "data", "redirectTo"), text, { maxKeys: 5 }).map((fields) => new URLSearchParams(fields).toString()),
  fc.constantFrom("{", "[1,2", '{"csrfToken": ', "\u0000\u0001", "%", "a=%zz&b", '{"__proto__": {"x": 1}}'),
  fc.integer({ min: 60_000, max: 120_000 }).map((size) => "x".repeat(size)),
);

export const method = fc.constantFrom("GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD");

export function request(forgedTokens: string[]) {
  return fc.record({
    method,
    path,
    query,
    cookie: fc.option(cookieHeader(forgedTokens), { nil: undefined }),
    contentType: fc.option(contentType, { nil: undefined }),
    body: fc.option(body, { nil: undefined }),
    authorization: fc.option(fc.oneof(text.map((t) => `Bearer ${t}`), fc.constantFrom(...forgedTokens).map((t) => `Bearer ${t}`), text), { nil: undefined }),
    forwardedHost: fc.option(text, { nil: undefined }),
    bigHeader: fc.option(fc.integer({ min: 8_000, max: 32_000 }).map((n) => "h".repeat(n)), { nil: undefined }),
  });
}

export type FuzzRequest = ReturnType<typeof request> extends fc.Arbitrary<infer T> ? T : never;

/** Builds the Request; values a Request cannot carry (a header with a newline) are dropped, as a server would never see them. */
export function toRequest(input: FuzzRequest): Request {
  const headers = new Headers();
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) return;
    try {
      headers.set(name, value);
    } catch {
      // Not a valid header value: no HTTP request could carry it.
    }
  };
  set("cookie", input.cookie);
  set("content-type", input.contentType);
  set("authorization", input.authorization);
  set("x-forwarded-host", input.forwardedHost);
  set("x-big", input.bigHeader);
  let url: string;
  try {
    url = new URL(`${input.path}${input.query ? `?${input.query}` : ""}`, origin).href;
  } catch {
    url = `${origin}${basePath}/session`;
  }
  const hasBody = input.body !== undefined && input.method !== "GET" && input.method !== "HEAD";
  return new Request(url, { method: input.method, headers, body: hasBody ? input.body : undefined });
}
