import { MemoryAdapter } from "sekisho/adapters/memory";
import NextAuth from "sekisho/next";
import Credentials from "sekisho/providers/credentials";
import OIDC from "sekisho/providers/oidc";
import { twoFactor } from "sekisho/two-factor";

/** The demo accounts the credentials form accepts, each with the password "demo": `tess` is the one to try a second factor on. */
const users: Record<string, { id: string; name: string; email: string }> = {
  demo: { id: "demo", name: "Demo User", email: "demo@example.com" },
  tess: { id: "tess", name: "Tess Tester", email: "tess@example.com" },
};
const userNamed = (username: unknown, password: unknown) =>
  password === "demo" && typeof username === "string" && Object.hasOwn(users, username) ? users[username] : null;

/**
 * Where second factors are kept: in memory, for the example. Next.js loads this module once per route bundle, so
 * the one adapter lives on globalThis, or the route handlers and the server actions would each keep their own.
 */
const key = Symbol.for("sekisho.example.adapter");
const store = globalThis as { [key]?: ReturnType<typeof MemoryAdapter> };
const adapter = (store[key] ??= MemoryAdapter());

export const { handlers, auth, signIn, signOut, unstable_update, isRevoked, requireRecentSignIn } = NextAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) => userNamed(username, password),
    }),
    // Optional: with AUTH_IDP_ISSUER set, a "Company IdP" button, whose client id and secret come from
    // AUTH_IDP_ID and AUTH_IDP_SECRET. Its tokens ride in the session, so auth.getAccessToken("idp") has them.
    ...(process.env.AUTH_IDP_ISSUER ? [OIDC({ id: "idp", name: "Company IdP", storeTokensInSession: true })] : []),
  ],
  adapter,
  // The sessions stay in the cookie; the adapter keeps the second factors (enrolled through {basePath}/account/totp).
  session: { strategy: "jwt" },
  twoFactor: twoFactor({ issuer: "sekisho on Next.js" }),
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
