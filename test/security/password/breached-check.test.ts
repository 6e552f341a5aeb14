/**
 * The breached-password check against a fake of Have I Been Pwned's range API over real HTTP: what leaves the
 * server (five hex digits, padding asked for), and what each failure of the service does under each setting.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { customFetch } from "../../../src/index.js";
import type { PasswordOptions } from "../../../src/providers/password.js";
import Password from "../../../src/providers/password.js";
import { quietLogger, secret } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { localClient } from "../../helpers/auth-client.js";
import { json, signUp } from "../../helpers/password-app.js";

const breached = "correct horse battery staple again";
const clean = "a passphrase nobody ever leaked";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();

let mode: "answer" | "fail" | "hang" = "answer";
const seen: { path: string; padding?: string }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? "", padding: request.headers["add-padding"] as string | undefined });
    if (mode === "hang") return;
    if (mode === "fail") return void response.writeHead(503).end("busy");
    const prefix = (request.url ?? "").slice("/range/".length);
    const lines = [`${sha1(breached).slice(5)}:42`, "0000000000000000000000000000000000A:0"];
    response.writeHead(200, { "content-type": "text/plain" }).end(sha1(breached).startsWith(prefix) ? lines.join("\r\n") : lines[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function app(options: PasswordOptions) {
  const provider = {
    ...Password({ scrypt: { ln: 15, r: 8, p: 1 }, sendMail: () => {}, ...options }),
    [customFetch]: (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(String(input).replace("https://api.pwnedpasswords.com", origin), init),
  };
  const auth = createAuth({ secret, trustHost: true, adapter: MemoryAdapter(), logger: quietLogger, providers: [provider] }, { env: {} });
  return localClient(auth.fetch);
}

describe("the breached-password check", () => {
  it("is off by default: nothing is asked", async () => {
    mode = "answer";
    const before = seen.length;
    expect((await signUp(app({}), "a@example.com", breached)).status).toBe(302);
    expect(seen.length).toBe(before);
  });

  it("refuses a breached password and takes a clean one, sending only a 5-digit prefix and asking for padding", async () => {
    mode = "answer";
    const client = app({ breachedCheck: true });
    const refused = await signUp(client, "b@example.com", breached, json);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "PasswordBreached" });
    expect((await signUp(client, "c@example.com", clean)).status).toBe(302);
    for (const request of seen.slice(-2)) {
      expect(request.path).toMatch(/^\/range\/[0-9A-F]{5}$/);
      expect(request.padding).toBe("true");
    }
    expect(seen.some((request) => request.path.includes(sha1(breached).slice(5, 10)))).toBe(false);
  });

  it.each([
    ["fail", "allow", 302],
    ["hang", "allow", 302],
    ["fail", "refuse", 503],
    ["hang", "refuse", 503],
  ] as const)("a service that answers %s, with onUnavailable %s, answers %i", async (failure, onUnavailable, status) => {
    mode = failure;
    const client = app({ breachedCheck: { onUnavailable, timeout: 200 } });
    const answer = await signUp(client, `${failure}-${onUnavailable}@example.com`, breached, json);
    expect(answer.status).toBe(status);
    if (status === 503) expect(await answer.json()).toMatchObject({ error: "PasswordCheckUnavailable" });
    mode = "answer";
  });
});
