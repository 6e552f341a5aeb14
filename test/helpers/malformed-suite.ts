/**
 * Malformed cookies, bodies and URLs must get a 4xx (or a plain "not signed in"), never a 5xx and never
 * a stack trace. Run in-process and over real HTTP, where the raw bytes reach the server unparsed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, createClient, makeAuth, type Client, type Connect, type Transport } from "./auth-client.js";
import { isDeletion, setCookiesOf } from "./cookie-jar.js";

async function expectSafe(response: Response): Promise<string> {
  expect(response.status).toBeLessThan(500);
  const body = await response.text();
  expect(body).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+/);
  return body;
}

async function expect400(response: Response) {
  expect(response.status).toBe(400);
  const body = await expectSafe(response);
  return JSON.parse(body) as { error?: string };
}

const big = (size: number) => "x".repeat(size);

export function describeMalformedInput(label: string, connect: Connect) {
  describe(`malformed input (${label})`, () => {
    let transport: Transport;
    const auth = makeAuth();
    beforeAll(async () => {
      transport = await connect(auth.fetch);
    });
    afterAll(() => transport.close());

    const client = (): Client => createClient(transport);

    describe("cookies", () => {
      it.each([
        ["garbage pairs", ";;; =; a; authjs.session-token; =x; authjs.session-token==; authjs.csrf-token=|||"],
        ["broken percent-encoding", "authjs.session-token=%E0%A4%A; authjs.csrf-token=%ZZ%; authjs.callback-url=%"],
        ["a JWE-like value", "authjs.session-token=a.b.c.d.e"],
        ["a value of separators", `authjs.session-token=${"|".repeat(2000)}`],
        ["many chunks that join to nonsense", Array.from({ length: 3 }, (_, i) => `authjs.session-token.${i}=${big(3000)}`).join("; ")],
      ])("%s: /session is null, /csrf still works, sign-in still works", async (_label, cookie) => {
        const session = await client().send("/session", { headers: { cookie } });
        expect(session.status).toBe(200);
        expect(await expectSafe(session)).toBe("null");

        const csrf = await client().send("/csrf", { headers: { cookie } });
        expect(csrf.status).toBe(200);
        await expectSafe(csrf);

        const fresh = client();
        const token = await fresh.csrfToken();
        const signIn = await fresh.send("/callback/credentials", {
          headers: { cookie: `${cookie}; ${fresh.jar.header()}` },
          form: { username: "alice", password: alice.password, csrfToken: token },
        });
        await expectSafe(signIn);
        expect(signIn.status).toBe(302);
      });

      it("a huge Cookie header is refused or ignored, never a 5xx", async () => {
        const cookie = Array.from({ length: 12 }, (_, i) => `authjs.session-token.${i}=${big(3900)}`).join("; ");
        const response = await client().send("/session", { headers: { cookie } });
        await expectSafe(response);
        if (response.status === 200) expect(setCookiesOf(response).every(isDeletion)).toBe(true);
      });
    });

    describe("bodies", () => {
      async function post(path: string, body: BodyInit, contentType?: string) {
        const c = client();
        const token = await c.csrfToken();
        const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
        const text = typeof body === "string" ? body.replace("CSRF", token) : body;
        return { client: c, response: await c.send(path, { method: "POST", headers, body: text }) };
      }

      it.each([
        ["broken JSON", '{"csrfToken":"CSRF",'],
        ["a JSON array", '["CSRF"]'],
        ["a JSON string", '"CSRF"'],
        ["JSON null", "null"],
      ])("%s is a 400 on /session and /callback/credentials", async (_label, body) => {
        for (const path of ["/session", "/callback/credentials"]) {
          const { response, client: c } = await post(path, body, "application/json");
          expect((await expect400(response)).error).toBe("InvalidRequest");
          expect(c.jar.get("authjs.session-token")).toBeUndefined();
        }
      });

      it.each([
        ["text/plain", "text/plain"],
        ["multipart/form-data", "multipart/form-data; boundary=x"],
        ["no content type", undefined],
      ])("a form body sent as %s is not read", async (_label, type) => {
        const form = `username=alice&password=${encodeURIComponent(alice.password)}&csrfToken=CSRF`;
        const update = await post("/session", form, type);
        expect(update.response.status).toBe(400);
        expect(await expectSafe(update.response)).toBe("null");

        const { response, client: c } = await post("/callback/credentials", form, type);
        await expectSafe(response);
        expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
        expect(c.jar.get("authjs.session-token")).toBeUndefined();
      });

      it.each([
        ["form", "application/x-www-form-urlencoded", `csrfToken=CSRF&username=alice&pad=${big(70 * 1024)}`],
        ["JSON", "application/json", JSON.stringify({ csrfToken: "CSRF", username: "alice", pad: big(70 * 1024) })],
      ])("a %s body over 64 kB is a 400", async (_label, type, body) => {
        const { response, client: c } = await post("/callback/credentials", body, type);
        expect((await expect400(response)).error).toBe("InvalidRequest");
        expect(c.jar.get("authjs.session-token")).toBeUndefined();
      });

      it("a streamed body over 64 kB without Content-Length is a 400", async () => {
        const chunk = new TextEncoder().encode(`pad=${big(16 * 1024)}`);
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ < 8) controller.enqueue(chunk);
            else controller.close();
          },
        });
        const { response } = await post("/callback/credentials", stream, "application/x-www-form-urlencoded");
        expect((await expect400(response)).error).toBe("InvalidRequest");
      });

      it("a body that is not UTF-8 is a 400", async () => {
        const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
        const { response } = await post("/session", bytes, "application/json");
        await expect400(response);
      });

      it("__proto__ in a JSON body does not pollute objects", async () => {
        const body = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"csrfToken":"CSRF","username":"alice","password":${JSON.stringify(alice.password)}}`;
        const { response, client: c } = await post("/callback/credentials", body, "application/json");
        await expectSafe(response);
        expect(response.status).toBe(302);
        expect(c.jar.get("authjs.session-token")).toBeDefined();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
    });

    describe("URLs", () => {
      it.each(["/callback/%E0%A4%A", "/callback/%ZZ", "/callback/%", `/callback/${encodeURIComponent("プロバイダ")}`, "/callback/%00", `/callback/${big(6000)}`])(
        "GET %s is a 400",
        async (path) => {
          await expect400(await client().send(path));
        },
      );

      it.each(["/%E0%A4%A", "/%ZZ", `/${encodeURIComponent("セッション")}`, "/session%2Fx"])("GET %s is a 400", async (path) => {
        await expect400(await client().send(path));
      });

      it.each(["/signin/%E0%A4%A", "/signin/%ZZ", `/signin/${encodeURIComponent("プロバイダ")}`])(
        "POST %s goes back to the sign-in page",
        async (path) => {
          const c = client();
          const response = await c.send(path, { form: { csrfToken: await c.csrfToken() } });
          await expectSafe(response);
          expect(response.status).toBe(302);
          expect(new URL(response.headers.get("location")!).pathname).toBe("/auth/signin");
        },
      );

      it.each([
        "/session?%ZZ=%E0%A4%A",
        "/error?error=%E0%A4%A",
        `/error?error=${encodeURIComponent("<script>alert(1)</script>")}`,
        "/signin?callbackUrl=%E0%A4%A&error=%ZZ",
        `/providers?x=${encodeURIComponent("ü")}`,
      ])("GET %s answers without a 5xx", async (path) => {
        const response = await client().send(path);
        const body = await expectSafe(response);
        expect(body).not.toContain("<script>alert(1)</script>");
      });
    });
  });
}
