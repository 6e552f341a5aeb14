import type { DefaultSession } from "sekisho/sveltekit";

declare module "sekisho/sveltekit" {
  interface Session {
    user: {
      role: string;
    } & DefaultSession["user"];
  }
}

declare global {
  namespace App {
    // interface Error {}
    // interface PageState {}
    // interface Platform {}
  }
}

export {};
