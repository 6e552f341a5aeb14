// The database strategy's session callback, as @auth/core types it: the stored row and the full user.
import NextAuth from "sekisho/next";
import type { Adapter } from "sekisho/adapters";

declare const adapter: Adapter;

export const { auth } = NextAuth({
  adapter,
  session: { strategy: "database" },
  providers: [],
  callbacks: {
    session({ session, user }) {
      const expires: string = session.expires.toISOString();
      return { ...session, expires, user: { ...session.user, id: user.id, address: session.sessionToken.slice(0, 0) } };
    },
  },
});
