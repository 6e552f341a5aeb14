import NextAuth from "sekisho/next"
import Credentials from "sekisho/providers/credentials"
import Passkey from "sekisho/providers/passkey"
import { MemoryAdapter } from "sekisho/adapters/memory"

export const { handlers, signIn, signOut, auth, unstable_update } = NextAuth({
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  experimental: { enableWebAuthn: true },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      credentials: {
        username: { label: "Username" },
        password: { label: "Password", type: "password" },
      },
      authorize: async (credentials) => {
        if (credentials.username === "demo" && credentials.password === "demo") {
          return { id: "demo", name: "Demo User", email: "demo@example.com" }
        }
        return null
      },
    }),
    {
      id: "idp",
      name: "Company IdP",
      type: "oidc",
      issuer: process.env.AUTH_IDP_ISSUER,
      clientId: process.env.AUTH_IDP_ID,
      clientSecret: process.env.AUTH_IDP_SECRET,
    },
    Passkey,
  ],
  callbacks: {
    authorized: async ({ auth, request: { nextUrl } }) => {
      if (nextUrl.pathname.startsWith("/protected")) return !!auth
      return true
    },
    jwt({ token, user, trigger, session }) {
      if (user) token.role = user.email === "demo@example.com" ? "admin" : "member"
      if (trigger === "update" && session?.user?.name) token.name = session.user.name
      return token
    },
    session({ session, token }) {
      session.user.role = token.role ?? "member"
      return session
    },
  },
})
