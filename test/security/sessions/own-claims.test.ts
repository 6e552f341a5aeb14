/**
 * The jwt session carries claims sekisho writes and reads itself: `providerTokens` (what `getAccessToken` answers
 * and refreshes) and `endSession` (the ID token sent as `id_token_hint` at sign-out). Apps often merge `update()`
 * data into the token in their jwt callback (`{ ...token, ...session }`), so the browser's `POST /session` data
 * reaches what that callback returns. It must not reach those claims: a refresh token the attacker holds but cannot
 * use without the client secret would be refreshed with the app's, and the app would act with a token of the
 * attacker's choosing for that user.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { customFetch, type AuthConfig } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import type { JWT } from "../../../src/shared-types.js";
import { decode } from "../../../src/jwt.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { credentialsProvider, localClient, quietLogger } from "../../helpers/auth-client.js";

const secret = "own-claims-suite-secret-0123456789abcdefgh";
const cookieName = "authjs.session-token";

type Callbacks = NonNullable<AuthConfig["callbacks"]>;
const mergeUpdate: Callbacks["jwt"] = ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as JWT) } : token);

function app(jwt: Callbacks["jwt"] = mergeUpdate, authorize?: Parameters<typeof credentialsProvider>[0]) {
  const refreshed: string[] = [];
  const endpoints = { authorization: "https://idp.example/authorize", token: "https://idp.example/token", userinfo: "https://idp.example/userinfo" };
  const idp: OAuthProviderConfig = {
    ...endpoints,
    id: "idp", name: "IdP", type: "oauth", clientId: "client-1", clientSecret: "client-secret-0123456789",
    storeTokensInSession: true,
    [customFetch]: async (_input: RequestInfo | URL, init?: RequestInit) => {
      const refreshToken = new URLSearchParams(String(init?.body)).get("refresh_token") ?? "";
      refreshed.push(refreshToken);
      return Response.json({ access_token: `renewed-for-${refreshToken}`, token_type: "bearer", expires_in: 3600 });
    },
  };
  const auth = createAuth(
    {
      secret,
      adapter: MemoryAdapter(),
      session: { strategy: "jwt" },
      providers: [idp, credentialsProvider(authorize)],
      logger: quietLogger,
      callbacks: { jwt },
    },
    { env: {} },
  );
  return { auth, refreshed };
}

describe("update data merged into the token by the jwt callback", () => {
  it("cannot write the providerTokens claim: getAccessToken neither answers nor refreshes what the browser posted", async () => {
    const { auth, refreshed } = app();
    const browser = localClient(auth.fetch);
    await browser.signIn();
    const providerTokens = { idp: { access_token: "chosen", refresh_token: "stolen-refresh", expires_at: 1, token_type: "bearer" } };
    const updated = await browser.send("/session", { json: { csrfToken: await browser.csrfToken(), data: { providerTokens } } });
    expect(updated.status).toBe(200);

    const request = new Request("http://localhost:3000/api/data", { headers: { cookie: browser.jar.header() } });
    expect(await auth.getAccessToken(request, "idp")).toBeNull();
    expect(refreshed).toEqual([]);
  });

  it("cannot write the endSession claim", async () => {
    const { auth } = app();
    const browser = localClient(auth.fetch);
    await browser.signIn();
    const endSession = { provider: "idp", idToken: "chosen-id-token" };
    await browser.send("/session", { json: { csrfToken: await browser.csrfToken(), data: { endSession, name: "Renamed" } } });

    const token = await decode({ token: String(browser.jar.get(cookieName)), secret, salt: cookieName });
    expect(token?.name).toBe("Renamed");
    expect(token?.endSession).toBeUndefined();
  });
});

describe("a user or profile copied into the token at sign-in by the jwt callback", () => {
  it("cannot write the providerTokens or endSession claim", async () => {
    const providerTokens = { idp: { access_token: "chosen", refresh_token: "stolen-refresh", expires_at: 1, token_type: "bearer" } };
    const endSession = { provider: "idp", idToken: "chosen-id-token" };
    const { auth, refreshed } = app(
      ({ token, user }) => (user ? { ...token, ...user } : token),
      () => ({ id: "u-1", name: "Mallory", providerTokens, endSession }),
    );
    const browser = localClient(auth.fetch);
    await browser.signIn();

    const token = await decode({ token: String(browser.jar.get(cookieName)), secret, salt: cookieName });
    expect(token?.name).toBe("Mallory");
    expect(token?.endSession).toBeUndefined();
    const request = new Request("http://localhost:3000/api/data", { headers: { cookie: browser.jar.header() } });
    expect(await auth.getAccessToken(request, "idp")).toBeNull();
    expect(refreshed).toEqual([]);
  });
});
