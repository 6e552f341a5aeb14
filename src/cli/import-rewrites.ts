/** The import paths of next-auth (4 and 5), @auth/core and @auth/sveltekit, and where each is in sekisho. */

const renamed: Record<string, string> = {
  "next-auth": "sekisho/next",
  "next-auth/next": "sekisho/next",
  "next-auth/jwt": "sekisho/jwt",
  "next-auth/react": "sekisho/react",
  "next-auth/webauthn": "sekisho/webauthn",
  "next-auth/adapters": "sekisho/adapters",
  "next-auth/providers": "sekisho/providers",
  "@auth/core/jwt": "sekisho/jwt",
  "@auth/core/adapters": "sekisho/adapters",
  "@auth/core/providers": "sekisho/providers",
  "@auth/core/types": "sekisho/types",
  "@auth/core/errors": "sekisho",
  "@auth/sveltekit": "sekisho/sveltekit",
  "@auth/sveltekit/client": "sekisho/sveltekit/client",
  "@auth/sveltekit/components": "sekisho/sveltekit/components",
};

const providerFolders = ["next-auth/providers/", "@auth/core/providers/", "@auth/sveltekit/providers/"];

/** Where `specifier` is imported from in sekisho, or undefined when it stays (e.g. `@auth/prisma-adapter`). */
export function sekishoSpecifier(specifier: string): string | undefined {
  if (Object.hasOwn(renamed, specifier)) return renamed[specifier];
  const folder = providerFolders.find((prefix) => specifier.startsWith(prefix));
  const provider = folder && specifier.slice(folder.length);
  return provider && /^[\w-]+$/.test(provider) ? `sekisho/providers/${provider}` : undefined;
}

/**
 * A quoted module path where a module is named: `from "…"`, `import "…"`, `import("…")`, `require("…")`,
 * `declare module "…"`.
 */
const moduleReference = /(\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bdeclare\s+module\s+)(["'])([^"'\n]+)\2/g;

/** Names next-auth 4 gave the configuration's type; sekisho's is NextAuthConfig, imported under the old name. */
const configTypeNames = /\b(NextAuthOptions|AuthOptions)\b(\s+as\s+\w+)?/g;
const namedImport = /(\bimport\s+(?:type\s+)?(?:\w+\s*,\s*)?\{)([^}]*)(\}\s*from\s*["']next-auth(?:\/next)?["'])/g;

/** `source` with its module paths moved to sekisho's, and how many it moved. Running it again changes nothing. */
export function rewriteImports(source: string): { source: string; rewritten: number } {
  let rewritten = 0;
  const renamedTypes = source.replace(namedImport, (_whole, open: string, names: string, close: string) => {
    const aliased = names.replace(
      configTypeNames,
      (_name, name: string, alias?: string) => `NextAuthConfig${alias ?? ` as ${name}`}`,
    );
    return `${open}${aliased}${close}`;
  });
  const moved = renamedTypes.replace(moduleReference, (whole, lead: string, quote: string, specifier: string) => {
    const target = sekishoSpecifier(specifier);
    if (!target) return whole;
    rewritten++;
    return `${lead}${quote}${target}${quote}`;
  });
  return { source: moved, rewritten };
}
