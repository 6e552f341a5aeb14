import { SvelteKitAuth } from "sekisho/sveltekit";
import Credentials from "sekisho/providers/credentials";

export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) => (credentials.password === "demo" ? { id: "1", name: String(credentials.username) } : null),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.role = "member";
      return token;
    },
    session({ session, token }) {
      session.user.role = typeof token.role === "string" ? token.role : "guest";
      return session;
    },
  },
});
