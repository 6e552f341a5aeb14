// The module augmentation next-auth's TypeScript docs teach, with only the module names changed.
import type { DefaultSession } from "sekisho/next";
import type { DefaultJWT } from "sekisho/jwt";
import type { AdapterUser as BaseAdapterUser } from "sekisho/adapters";

declare module "sekisho/next" {
  interface Session {
    user: { role: "admin" | "member"; team?: string } & DefaultSession["user"];
    accessToken?: string;
  }
  interface User {
    role?: "admin" | "member";
  }
}

declare module "sekisho/jwt" {
  interface JWT extends DefaultJWT {
    role?: "admin" | "member";
    accessToken?: string;
  }
}

declare module "sekisho/adapters" {
  interface AdapterUser extends BaseAdapterUser {
    role?: "admin" | "member";
  }
}
