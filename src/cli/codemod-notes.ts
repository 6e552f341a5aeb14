/** The next-auth 4 code an import change does not move, found by line, each with what to write instead. */

export interface CodemodNote {
  /** 1-based. */
  line: number;
  message: string;
}

const serverSession =
  "getServerSession is next-auth 4's: call auth() from the module that calls NextAuth(authOptions) (`export const { auth, handlers, signIn, signOut } = NextAuth(authOptions)`); auth(req, res) in an API route, auth(context) in getServerSideProps";
const middleware =
  "next-auth 4's middleware: export auth as the middleware (`export { auth as middleware } from \"./auth\"`) and move its `authorized` check into the configuration's `callbacks.authorized`";
const apiRoute =
  "next-auth 4's API route: move the configuration to auth.ts (`export const { auth, handlers, signIn, signOut } = NextAuth(authOptions)`), add app/api/auth/[...nextauth]/route.ts with `export const { GET, POST } = handlers`, and delete this file";

const adapterPackage =
  "a next-auth 4 adapter package: install its Auth.js successor (`@next-auth/x-adapter` is `@auth/x-adapter`) and import it from there, or use sekisho's own from sekisho/adapters/<name>";

const patterns: { pattern: RegExp; message: string }[] = [
  { pattern: /\b(?:unstable_)?getServerSession\s*\(/, message: serverSession },
  { pattern: /\bwithAuth\s*\(|["']next-auth\/middleware["']/, message: middleware },
  { pattern: /["']@next-auth\/[\w-]+-adapter["']/, message: adapterPackage },
];

const v4ApiRoute = /(?:^|\/)pages\/api\/auth\/\[\.\.\.nextauth\]\.[cm]?[jt]sx?$/;

/** What is left for the developer in the file at `path` (relative, with "/") holding `source`. */
export function codemodNotes(path: string, source: string): CodemodNote[] {
  const notes: CodemodNote[] = [];
  const lines = source.split("\n");
  lines.forEach((text, index) => {
    for (const { pattern, message } of patterns) if (pattern.test(text)) notes.push({ line: index + 1, message });
  });
  if (v4ApiRoute.test(path)) {
    const at = lines.findIndex((text) => /\bNextAuth\s*\(/.test(text));
    notes.push({ line: at + 1 || 1, message: apiRoute });
  }
  return notes.sort((a, b) => a.line - b.line);
}
