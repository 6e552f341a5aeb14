/**
 * The layers of DESIGN.md, lowest first: a module may import from its own layer and the layers below it.
 * `npm run lint` checks them, with no baseline of known violations: every violation fails it.
 */

/** What the configuration knows of providers; every other file in src/providers/ is a provider module. */
const providerKnowledge = "(types|parse|method|view|credential-identifier|logos)\\.ts$";

const layers = [
  // Shared vocabulary, the logger, the adapters (the contract and the user-imported implementations), and
  // the stores the adapters provide for the core (`store.ts` or `<kind>-store.ts` beside the code that uses them).
  [
    "base",
    "^src/(types|errors|base64url|crypto|native-crypto|sign-in-options|logger)\\.ts$|^src/adapters/(?!call\\.ts$)" +
      "|^src/(rate-limit|session/[a-z-]+)/(store|[a-z]+-store)\\.ts$|^src/rate-limit/options\\.ts$",
  ],
  // Configuration, what it knows of providers (their types, parsing, the sign-in method slot, the view types and
  // the helpers the pages share), and the message catalogues and locale selection that the configuration, the
  // providers' emails and the pages share.
  ["config", `^src/(config|messages)/|^src/providers/${providerKnowledge}`],
  // Request plumbing (context, cookies, CSRF, redirects, responses, rate limiting), the session strategies, and
  // the OAuth client's requests to a provider (discovery, token grants), which sign-in and token refresh share.
  ["http-and-session", "^src/http/(?!(app|send)\\.ts$)|^src/(session|rate-limit|oauth)/|^src/adapters/call\\.ts$"],
  ["flows", "^src/flows/"],
  // The built-in pages are views: only the app layer's sender renders them.
  ["routes-and-pages", "^src/routes/|^pages/"],
  // The Hono app and the sender of outcomes, createAuth, the in-process calls, the package entries, the CLI.
  ["app", "^src/http/(app|send)\\.ts$|^src/(auth|in-process|index|jwt|testing)\\.ts$|^src/cli/"],
  // The provider modules (`sekisho/providers/<id>`, the catalogue `sekisho/providers`) are entries, like the
  // shims: each brings the sign-in method of its type (flows/method.ts), so an app carries only the flows of
  // the providers it imports.
  ["provider-modules", "^src/providers/"],
];

/** A module belongs to the lowest layer whose pattern it matches. */
const union = (some) => some.map(([, path]) => `(?:${path})`).join("|");
const anyLayer = union(layers);

const backUpRules = layers.slice(0, -1).map(([name, path], index) => ({
  name: `back-up-from-${name}`,
  comment: `The ${name} layer imports from a layer above it (${layers
    .slice(index + 1)
    .map(([above]) => above)
    .join(", ")}). Move the shared type or helper down, or the caller up.`,
  severity: "error",
  from: index === 0 ? { path } : { path, pathNot: union(layers.slice(0, index)) },
  to: { path: union(layers.slice(index + 1)), pathNot: union(layers.slice(0, index + 1)) },
}));

/**
 * What `sekisho`, `sekisho/jwt`, `sekisho/testing`, `sekisho/providers` and `sekisho/adapters` publish, and
 * `sign-in-options.ts`, which the browser client shares with the server without loading the server core.
 */
/** The provider-modules layer: the files of src/providers/ that the configuration layer does not hold. */
const providerModules = `^src/providers/(?!${providerKnowledge})`;

const publicCore = "^src/(index|jwt|testing|providers/index|adapters/index|sign-in-options)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...backUpRules,
    {
      name: "pages-only-from-the-sender",
      comment:
        "A page is rendered only by the app layer's sender (src/http/send.ts); routes and flows return a page description. " +
        "A provider module may bring the page parts of its sign-in method (WebAuthn's passkey view), which the sender renders.",
      severity: "error",
      from: { path: "^src/", pathNot: `^src/http/send\\.ts$|${providerModules}` },
      to: { path: "^pages/" },
    },
    {
      name: "shims-use-the-public-core",
      comment: "A shim imports only what the package's core entries publish (src/index.ts, jwt, testing, providers, adapters) and sign-in-options.ts (the browser client's), never internals.",
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
