/**
 * Origins a configuration allows: `https://preview.example.com` exactly, or `https://*.preview.example.com`,
 * where the leftmost `*` stands for one DNS label, as in a wildcard certificate.
 */

/** Hosting domains whose subdomains belong to anyone who signs up: a wildcard under one allows strangers. */
const sharedDomains = new Set([
  "vercel.app",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "github.io",
  "herokuapp.com",
  "onrender.com",
  "fly.dev",
]);

const label = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function wildcardProblem(host: string): string | undefined {
  const [first, ...rest] = host.split(".");
  if (rest.some((part) => part.includes("*")) || (first.includes("*") && first !== "*"))
    return "a `*` may only be the whole leftmost label";
  if (first !== "*") return undefined;
  if (rest.length < 2) return "a `*` needs at least two labels after it";
  if (sharedDomains.has(rest.join("."))) return `anyone can have a subdomain of ${rest.join(".")}; list the origins themselves`;
  return undefined;
}

function entryProblem(entry: unknown): string | undefined {
  if (typeof entry !== "string" || !URL.canParse(entry)) return "it is not a URL";
  const url = new URL(entry);
  if (url.protocol !== "http:" && url.protocol !== "https:") return "the scheme must be http or https";
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/")
    return "it must be an origin, with no path, query or credentials";
  return wildcardProblem(url.hostname);
}

/** Checks and normalizes each entry; throws naming `option` and the entry that is wrong. */
export function parseOriginPatterns(entries: unknown, option: string): string[] {
  if (!Array.isArray(entries))
    throw new TypeError(`${option} must be an array of origins, such as ["https://*.preview.example.com"].`);
  return entries.map((entry: unknown) => {
    const problem = entryProblem(entry);
    if (problem)
      throw new TypeError(
        `${option}: "${String(entry)}" is refused: ${problem}. Write origins such as "https://preview.example.com" or "https://*.preview.example.com".`,
      );
    return new URL(entry as string).origin;
  });
}

/** Whether `origin` (as `URL.origin` gives it) is one the patterns allow. */
export function originAllowed(patterns: readonly string[], origin: string): boolean {
  return patterns.some((pattern) => {
    const wildcard = pattern.indexOf("://*.");
    if (wildcard < 0) return pattern === origin;
    const scheme = pattern.slice(0, wildcard + 3);
    const suffix = pattern.slice(wildcard + 4);
    if (!origin.startsWith(scheme) || !origin.endsWith(suffix)) return false;
    return label.test(origin.slice(scheme.length, origin.length - suffix.length));
  });
}
