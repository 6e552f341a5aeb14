import type { DefaultSession } from "sekisho/next"

declare module "sekisho/next" {
  interface Session {
    user: {
      role: string
    } & DefaultSession["user"]
  }
}

// The `JWT` interface can be found in the `sekisho/jwt` submodule
import { JWT } from "sekisho/jwt"

declare module "sekisho/jwt" {
  interface JWT {
    role?: string
  }
}
