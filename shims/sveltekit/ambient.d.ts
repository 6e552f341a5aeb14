// In an app, SvelteKit generates this module's types; this copy lets sekisho's own sources type-check.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}
