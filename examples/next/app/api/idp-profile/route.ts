import { auth } from "../../../auth";

/**
 * A route handler calling the IdP's userinfo endpoint with the signed-in user's access token. getAccessToken
 * refreshes the token when it is due, and sets the re-issued session cookie on this response.
 */
export async function GET() {
  const token = await auth.getAccessToken("idp");
  if (!token) {
    // RefreshTokenError: the IdP refused the refresh token, so the user has to sign in again.
    const session = await auth();
    return Response.json({ error: session?.error ?? "NotSignedIn" }, { status: 401 });
  }
  const discovery = await fetch(`${process.env.AUTH_IDP_ISSUER}/.well-known/openid-configuration`);
  const { userinfo_endpoint } = (await discovery.json()) as { userinfo_endpoint: string };
  const userinfo = await fetch(userinfo_endpoint, { headers: { Authorization: `Bearer ${token.accessToken}` } });
  return Response.json({ expiresAt: token.expiresAt, profile: await userinfo.json() });
}
