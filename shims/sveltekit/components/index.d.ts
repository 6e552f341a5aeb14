import type { ComponentConstructorOptions, Snippet, SvelteComponent } from "svelte";

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

// `{}` is how Svelte types a slot that hands its content no props.
// biome-ignore lint/complexity/noBannedTypes: the slot shape svelte-check expects
type NoSlotProps = {};

export interface SignInSlots {
  credentials: NoSlotProps;
  submitButton: NoSlotProps;
}

export interface SignOutSlots {
  submitButton: NoSlotProps;
}

/**
 * A component filled either way: with named slots (`<span slot="submitButton">`, as the reference's docs
 * show) or with snippet props (`{#snippet submitButton()}`). The construct signature carries the slots
 * for svelte-check; the call signature is the Svelte 5 component.
 */
export interface SlottedComponent<Props extends Record<string, unknown>, Slots extends Record<string, NoSlotProps>> {
  new (options: ComponentConstructorOptions<Props>): SvelteComponent<Props, Record<string, never>, Slots>;
  (internals: unknown, props: Props & { $$slots?: Partial<Record<keyof Slots, unknown>> }): Record<string, never>;
}

export const SignIn: SlottedComponent<SignInProps, SignInSlots>;
export const SignOut: SlottedComponent<SignOutProps, SignOutSlots>;
