/**
 * The fix for a mistake that shows only when someone signs in. The error page shows it under the generic
 * message outside production (`NODE_ENV` other than "production"); the log line says it in every environment.
 * An error carries its hint as `cause.hint`; only the keys of this table reach a page, never text from a request.
 */
export const developerHints = {
  "credentials-database":
    'Credentials sign-in under the database session strategy needs `authorize` to return a user stored in the adapter\'s users table (one `adapter.getUser` finds). The database strategy is the default once `adapter` is set; to keep credentials sessions in a cookie, set `session: { strategy: "jwt" }`.',
} as const;

export type DeveloperHint = keyof typeof developerHints;

/** The hint an error or a query names, when it is one of the table's. */
export function developerHintText(name: unknown): string | undefined {
  return typeof name === "string" && Object.hasOwn(developerHints, name) ? developerHints[name as DeveloperHint] : undefined;
}
