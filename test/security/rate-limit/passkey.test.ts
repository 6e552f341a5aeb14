/**
 * Passkeys under rate limits: every GET /webauthn-options writes a challenge, so it is counted per address
 * (and per email for a registration); a verification is counted per credential ID. A refused request
 * writes nothing and sets no cookie.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import { localClient, quietLogger, secret } from "../../helpers/auth-client.js";
import { clientIpFromHeader, testIpHeader } from "./fixtures.js";

function passkeyApp() {
  const memory = MemoryAdapter();
  let challenges = 0;
  const adapter = {
    ...memory,
    createVerificationToken: (token: Parameters<typeof memory.createVerificationToken>[0]) => {
      challenges++;
      return memory.createVerificationToken(token);
    },
  };
  const auth = createAuth(
    {
      secret,
      adapter,
      providers: [Passkey()],
      experimental: { enableWebAuthn: true },
      logger: quietLogger,
      rateLimit: { enabled: true, clientIp: clientIpFromHeader, limits: { webauthnOptions: { perIp: 3, perIdentifier: 2 }, webauthnVerify: { perIdentifier: 2 } } },
    },
    { env: {} },
  );
  return { auth, challenges: () => challenges, client: () => localClient(auth.fetch) };
}

describe("passkey options", () => {
  it("the fourth request from one address gets 429 and Retry-After, and writes no challenge", async () => {
    const app = passkeyApp();
    const client = app.client();
    const ask = () => client.send("/webauthn-options/passkey?action=authenticate", { headers: { [testIpHeader]: "192.0.2.10" } });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const written = app.challenges();
    const response = await ask();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(app.challenges()).toBe(written);
    expect((await client.send("/webauthn-options/passkey?action=authenticate", { headers: { [testIpHeader]: "192.0.2.11" } })).status).toBe(200);
  });

  it("registration options for one email are counted by the email, whatever the address", async () => {
    const app = passkeyApp();
    const client = app.client();
    const ask = (ip: string) => client.send("/webauthn-options/passkey?action=register&email=ada%40example.com", { headers: { [testIpHeader]: ip } });
    expect((await ask("192.0.2.20")).status).toBe(200);
    expect((await ask("192.0.2.21")).status).toBe(200);
    expect((await ask("192.0.2.22")).status).toBe(429);
  });
});

describe("passkey verification", () => {
  it("is counted per credential ID: the third try with one ID is refused before it is verified", async () => {
    const app = passkeyApp();
    const client = app.client();
    const post = async (id: string) =>
      client.send("/callback/passkey", {
        form: { action: "authenticate", data: JSON.stringify({ id, rawId: id, type: "public-key", response: {} }), csrfToken: await client.csrfToken() },
        headers: { "X-Auth-Return-Redirect": "1" },
      });
    expect((await post("credential-a")).status).not.toBe(429);
    expect((await post("credential-a")).status).not.toBe(429);
    expect((await post("credential-a")).status).toBe(429);
    expect((await post("credential-b")).status).not.toBe(429);
  });
});
