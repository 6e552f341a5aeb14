import type { Component, Snippet } from "svelte";

type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][];

export interface SignInProps {
  provider?: string;
  signInPage?: string;
  options?: Record<string, string | number | boolean>;
  authorizationParams?: AuthorizationParams;
  class?: string;
  credentials?: Snippet;
  submitButton?: Snippet;
}

export interface SignOutProps {
  signOutPage?: string;
  options?: { redirectTo?: string };
  class?: string;
  submitButton?: Snippet;
}

export const SignIn: Component<SignInProps>;
export const SignOut: Component<SignOutProps>;
