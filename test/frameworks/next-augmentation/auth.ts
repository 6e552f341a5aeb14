// auth.ts of a next-auth v5 app, as its TypeScript docs teach, with only the imports changed.
import NextAuth, { type DefaultSession } from "sekisho/next";
import Credentials from "sekisho/providers/credentials";

declare module "sekisho/next" {
  interface Session {
    user: {
      address: string;
    } & DefaultSession["user"];
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: async (credentials) => (credentials.password === "demo" ? { id: "1", email: String(credentials.email) } : null),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.address = "1 Example Street";
      return token;
    },
    session({ session, token }) {
      // `session.user.address` is now a valid property, and is type-checked
      session.user.address = typeof token.address === "string" ? token.address : "";
      return session;
    },
  },
});

/** A server component's use of the session. */
export async function addressLabel(): Promise<string> {
  const session = await auth();
  if (!session) return "signed out";
  return `${session.user.name ?? session.user.email}: ${session.user.address.toUpperCase()} until ${session.expires}`;
}
