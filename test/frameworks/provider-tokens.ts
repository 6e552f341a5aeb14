/**
 * What the example suites need to check `getAccessToken` in a built app: the provider tokens inside the
 * browser's session cookie, the IdP's refresh grants, and waiting until the access token is due.
 */
import type { APIResponse, BrowserContext, Response } from "playwright-core";
import { expect } from "vitest";
import { decode } from "../../src/jwt.js";
import type { Idp } from "../helpers/oidc-idp.js";

/**
 * The IdP's settings for the example suites: rotated refresh tokens, and access tokens that live 12 seconds, so
 * that with the default margin (60 seconds, at most half the lifetime) they are due 6 seconds after they are issued.
 */
export const tokenIdp = { refreshTokens: { rotate: true }, accessTokenTtl: 12 };
const defaultMarginSeconds = 60;

export interface IdpTokens {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  obtained_at: number;
}

const salt = "authjs.session-token";

/** The session cookie's claims: its chunks joined in order, decrypted with the app's secret. */
export async function sessionClaims(context: BrowserContext, secret: string) {
  const cookies = (await context.cookies()).filter(({ name }) => name === salt || new RegExp(`^${salt}\\.\\d+$`).test(name));
  const order = (name: string) => (name === salt ? -1 : Number(name.slice(salt.length + 1)));
  const token = cookies.sort((a, b) => order(a.name) - order(b.name)).map(({ value }) => value).join("");
  return token ? decode({ token, secret, salt }) : null;
}

/** The IdP's tokens the session cookie holds, or undefined. */
export async function idpTokens(context: BrowserContext, secret: string): Promise<IdpTokens | undefined> {
  const claims = await sessionClaims(context, secret);
  return (claims?.providerTokens as Record<string, IdpTokens> | undefined)?.idp;
}

/** How many refresh grants the IdP has answered so far. */
export const refreshGrants = (idp: Idp) => idp.tokenGrants().filter((grant) => grant === "refresh_token").length;

/** Resolves once `tokens` are due for a refresh under the default margin. */
export function untilDue({ expires_at, obtained_at }: IdpTokens): Promise<void> {
  const margin = Math.min(defaultMarginSeconds, (expires_at - obtained_at) / 2);
  const wait = (expires_at - margin) * 1000 - Date.now() + 200;
  return new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
}

/** The names of the cookies a response sets. */
export async function setCookieNames(response: APIResponse | Response): Promise<string[]> {
  const headers = await response.headersArray();
  return headers.filter(({ name }) => name.toLowerCase() === "set-cookie").map(({ value }) => value.slice(0, value.indexOf("=")));
}

/**
 * Waits until `issued` is due, then `call`s the app (a request whose server code calls getAccessToken), and
 * checks that it made one refresh grant and answered with a session cookie holding new tokens.
 */
export async function expectRefresh<R extends APIResponse | Response>(
  { idp, context, secret }: { idp: Idp; context: BrowserContext; secret: string },
  issued: IdpTokens,
  call: () => Promise<R>,
): Promise<{ response: R; renewed: IdpTokens }> {
  await untilDue(issued);
  const grants = refreshGrants(idp);
  const response = await call();
  expect(refreshGrants(idp)).toBe(grants + 1);
  expect(await setCookieNames(response)).toEqual([salt]);
  const renewed = (await idpTokens(context, secret))!;
  expect(renewed.access_token).not.toBe(issued.access_token);
  expect(renewed.refresh_token).not.toBe(issued.refresh_token);
  expect(renewed.expires_at).toBeGreaterThan(issued.expires_at);
  return { response, renewed };
}

/** After a refused refresh: the cookie keeps no IdP tokens and marks the session, which the session route shows. */
export async function expectRefreshTokenError(context: BrowserContext, secret: string, sessionUrl: string, name: string) {
  expect(await sessionClaims(context, secret)).toMatchObject({ error: "RefreshTokenError" });
  expect(await idpTokens(context, secret)).toBeUndefined();
  const session = await (await context.request.get(sessionUrl)).json();
  expect(session).toMatchObject({ error: "RefreshTokenError", user: { name } });
}
