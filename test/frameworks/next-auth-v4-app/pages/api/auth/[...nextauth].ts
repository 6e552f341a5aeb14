import PostgresAdapter from "@auth/pg-adapter";
import NextAuth, { type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import EmailProvider from "next-auth/providers/email";
import { Pool } from "pg";

// With DATABASE_URL: sessions in PostgreSQL and sign-in by email. Without: JSON Web Tokens and a password.
const pool = process.env.DATABASE_URL ? new Pool({ connectionString: process.env.DATABASE_URL }) : undefined;

export const authOptions: NextAuthOptions = {
  adapter: pool && (PostgresAdapter(pool) as NextAuthOptions["adapter"]),
  providers: pool
    ? [EmailProvider({ server: process.env.EMAIL_SERVER, from: "app@example.com" })]
    : [
        CredentialsProvider({
          name: "Password",
          credentials: {
            username: { label: "Username", type: "text" },
            password: { label: "Password", type: "password" },
          },
          async authorize(credentials) {
            if (credentials?.username === "demo" && credentials.password === "demo") {
              return { id: "1", name: "Demo User", email: "demo@example.com" };
            }
            return null;
          },
        }),
      ],
};

export default NextAuth(authOptions);
