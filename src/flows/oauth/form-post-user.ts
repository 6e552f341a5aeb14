import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import type { Profile } from "../../shared-types.js";

/** The part of Apple's `user` form field that is kept: the name, which its ID token does not carry. */
export interface FormPostUser {
  name: { firstName?: string; lastName?: string };
}

/**
 * Apple posts `user` (JSON) with the callback form, on the first consent only. Nothing in it is signed,
 * and anyone can post or append it, so it is read only for an OpenID provider that asks for form_post,
 * and only its name is kept: identity and email come from the verified ID token alone.
 */
export function formPostUser(provider: ParsedOAuthProvider, value: string | undefined): FormPostUser | undefined {
  if (value === undefined || provider.type !== "oidc" || provider.authorization.params.response_mode !== "form_post")
    return undefined;
  const name = (parseJson(value) as { name?: Record<string, unknown> } | undefined)?.name;
  if (typeof name !== "object" || name === null) return undefined;
  const kept: FormPostUser["name"] = {};
  if (isName(name.firstName)) kept.firstName = name.firstName;
  if (isName(name.lastName)) kept.lastName = name.lastName;
  return kept.firstName || kept.lastName ? { name: kept } : undefined;
}

/** The profile with `user` beside the ID token's claims; a claim of the same name wins. */
export function withFormPostUser(profile: Profile, user: FormPostUser | undefined): Profile {
  return user ? { user, ...profile } : profile;
}

const isName = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 100;

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
