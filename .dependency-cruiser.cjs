/**
 * The layers of DESIGN.md, lowest first: a module may import from its own layer and the layers below it.
 * `npm run lint` checks them; today's violations sit in .dependency-cruiser-known-violations.json and
 * fail nothing, every new one fails. Regenerate that file (`npm run lint:baseline`) only to shrink it.
 */
/** The rate-limit counters: the adapters provide them and the configuration names them. */
const counters = "(store|options|memory-store|redis-store|sql-store)\\.ts$";

const layers = [
  // Shared vocabulary, the logger, the adapters (the contract and the user-imported implementations), and
  // the rate-limit counters the adapters provide.
  [
    "base",
    `^src/(types|errors|base64url|crypto|native-crypto|sign-in-options|logger)\\.ts$|^src/adapters/(?!call\\.ts$)|^src/rate-limit/${counters}`,
  ],
  // Configuration, and the providers it parses: providers are data.
  ["config", "^src/(config|providers)/"],
  // Request plumbing (context, cookies, CSRF, redirects, responses, rate limiting) and the session strategies.
  [
    "http-and-session",
    `^src/http/(?!(app|error-response)\\.ts$)|^src/session/|^src/adapters/call\\.ts$|^src/rate-limit/(?!${counters})`,
  ],
  ["flows", "^src/flows/"],
  // The built-in pages are views: only routes and the app layer show them.
  ["routes-and-pages", "^src/routes/|^pages/"],
  // The Hono app with its error boundary, createAuth, the in-process calls, the package entries, the CLI.
  ["app", "^src/http/(app|error-response)\\.ts$|^src/(auth|in-process|index|jwt|testing)\\.ts$|^src/cli/"],
];

const anyLayer = layers.map(([, path]) => `(?:${path})`).join("|");

const backUpRules = layers.slice(0, -1).map(([name, path], index) => ({
  name: `back-up-from-${name}`,
  comment: `The ${name} layer imports from a layer above it (${layers
    .slice(index + 1)
    .map(([above]) => above)
    .join(", ")}). Move the shared type or helper down, or the caller up.`,
  severity: "error",
  from: { path },
  to: {
    path: layers
      .slice(index + 1)
      .map(([, above]) => `(?:${above})`)
      .join("|"),
  },
}));

/** What `sekisho`, `sekisho/jwt`, `sekisho/testing` and `sekisho/providers/<id>` publish. */
const publicCore = "^src/(index|jwt|testing)\\.ts$|^src/providers/[^/]+\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...backUpRules,
    {
      name: "pages-only-from-routes-and-app",
      comment: "A page is shown by a route or by the app layer; lower layers return what to show instead.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/routes/|^src/http/(app|error-response)\\.ts$" },
      to: { path: "^pages/" },
    },
    {
      name: "shims-use-the-public-core",
      comment: "A shim imports only what the package publishes (src/index.ts, jwt, testing, providers), never internals.",
      severity: "error",
      from: { path: "^shims/" },
      to: { path: "^src/", pathNot: publicCore },
    },
    {
      name: "core-does-not-import-shims",
      severity: "error",
      from: { path: "^(src|pages)/" },
      to: { path: "^shims/" },
    },
    {
      name: "module-outside-the-layers",
      comment: "Every module under src/ belongs to a layer: add a new top-level file to `layers` above.",
      severity: "error",
      from: { path: "^src/", pathNot: anyLayer },
      to: {},
    },
    {
      name: "no-circular",
      comment: "Import circles, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are dependencies too; without this, 16.10 sees none of them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
