import { env } from "$env/dynamic/private";
import { MemoryAdapter } from "sekisho/adapters/memory";
import { SvelteKitAuth } from "sekisho/sveltekit";
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

/** Optional: with AUTH_IDP_ISSUER set, a "Company IdP" button; its client id and secret come from AUTH_IDP_ID and AUTH_IDP_SECRET. */
export const idpConfigured = () => Boolean(env.AUTH_IDP_ISSUER);

// A plain object, so a missing or short AUTH_SECRET stops the server at start-up. `env` is read when the
// server loads this module; during `vite build` it is empty, and sekisho resolves nothing while building.
export const { handle, signIn, signOut, isRevoked, requireRecentSignIn } = SvelteKitAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) => userNamed(username, password),
    }),
    // Its tokens ride in the session, so event.locals.getAccessToken("idp") has them.
    ...(idpConfigured() ? [OIDC({ id: "idp", name: "Company IdP", storeTokensInSession: true })] : []),
  ],
  // Second factors are kept in memory, for the example (enrolled through {basePath}/account/totp); the sessions
  // stay in the cookie.
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  twoFactor: twoFactor({ issuer: "sekisho on SvelteKit" }),
  // How long a sign-in counts as recent for /settings/danger: 10 minutes, unless RECENT_SIGN_IN_SECONDS says.
  account: { recentSignIn: Number(env.RECENT_SIGN_IN_SECONDS) || 600 },
  callbacks: {
    jwt({ token, trigger, session }) {
      if (trigger === "update" && typeof session?.user?.name === "string") token.name = session.user.name;
      return token;
    },
  },
});
