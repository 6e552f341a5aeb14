import type { Profile, User } from "../shared-types.js";

/** The claims every ID token carries (OpenID Connect Core 1.0, section 2); most providers name one audience. */
export interface IDTokenClaims<Audience extends string | string[] = string> extends Profile {
  iss: string;
  aud: Audience;
  sub: string;
  iat: number;
  exp: number;
}

/**
 * The user an OpenID Connect provider's claims describe: `sub` is the id, `email` and `picture`
 * are taken as they stand (null when absent). Each provider says which claims make the display
 * name, and gives `image` where its photo is not the `picture` claim or is not to be used.
 */
export function userFromClaims(
  claims: Profile & { sub: string },
  name: string | null | undefined,
  image: string | null = claims.picture ?? null,
): User {
  return { id: claims.sub, name, email: claims.email ?? null, image };
}
