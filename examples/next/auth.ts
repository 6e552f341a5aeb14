import NextAuth from "sekisho/next";
import Credentials from "sekisho/providers/credentials";
import OIDC from "sekisho/providers/oidc";

/** The demo account the credentials form accepts. */
const demo = { id: "demo", name: "Demo User", email: "demo@example.com" };

export const { handlers, auth, signIn, signOut, unstable_update, isRevoked, requireRecentSignIn } = NextAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) => (username === "demo" && password === "demo" ? demo : null),
    }),
    // Optional: with AUTH_IDP_ISSUER set, a "Company IdP" button, whose client id and secret come from
    // AUTH_IDP_ID and AUTH_IDP_SECRET. Its tokens ride in the session, so auth.getAccessToken("idp") has them.
    ...(process.env.AUTH_IDP_ISSUER ? [OIDC({ id: "idp", name: "Company IdP", storeTokensInSession: true })] : []),
  ],
  pages: { signIn: "/login" },
  // How long a sign-in counts as recent for /settings/danger: 10 minutes, unless RECENT_SIGN_IN_SECONDS says.
  account: { recentSignIn: Number(process.env.RECENT_SIGN_IN_SECONDS) || 600 },
  callbacks: {
    authorized: ({ auth, request }) => (/^\/(dashboard|settings)(\/|$)/.test(new URL(request.url).pathname) ? Boolean(auth) : true),
    jwt({ token, trigger, session }) {
      if (trigger === "update" && typeof session?.user?.name === "string") token.name = session.user.name;
      return token;
    },
  },
});
