import type { DefaultSession } from "sekisho/next"

declare module "sekisho/next" {
  interface Session {
    user: {
      role: string
    } & DefaultSession["user"]
  }
}

declare module "sekisho/jwt" {
  interface JWT {
    role?: string
  }
}
