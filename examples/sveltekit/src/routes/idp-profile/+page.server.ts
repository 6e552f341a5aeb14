import { env } from "$env/dynamic/private";
import type { PageServerLoad } from "./$types";

/**
 * The IdP's userinfo, fetched with the signed-in user's access token. getAccessToken refreshes the token when
 * it is due, and sets the re-issued session cookie on this response.
 */
export const load: PageServerLoad = async (event) => {
  const token = await event.locals.getAccessToken("idp");
  if (!token) {
    // RefreshTokenError: the IdP refused the refresh token, so the user has to sign in again.
    const session = await event.locals.auth();
    return { error: typeof session?.error === "string" ? session.error : "NotSignedIn" };
  }
  const discovery = await fetch(`${env.AUTH_IDP_ISSUER}/.well-known/openid-configuration`);
  const { userinfo_endpoint } = (await discovery.json()) as { userinfo_endpoint: string };
  const userinfo = await fetch(userinfo_endpoint, { headers: { Authorization: `Bearer ${token.accessToken}` } });
  const profile = (await userinfo.json()) as { name?: string };
  return { expiresAt: token.expiresAt, name: profile.name };
};
