/**
 * The source's layers, lowest first: a module may import from its own layer and the layers below it.
 * `npm run lint` checks them, with no baseline of known violations: every violation fails it.
 */

/** Each folder under src/ sits in one layer, and the files at src/'s root are listed by name. */
const layers = [
  // Shared vocabulary, the logger, the instance memo, and the adapters: the contract, the user-imported
  // implementations, and the stores they provide for the core (rate-limit counters, session records).
  ["base", "^src/(shared-types|errors|configuration-errors|sign-in-errors|crypto|sign-in-options|logger|memo|expiry)\\.ts$|^src/adapters/"],
  // Configuration: resolving and checking it, what it knows of providers (config/providers/), the rate-limit
  // options, the store over the configured adapter (built once at resolve), and the message catalogues the
  // configuration, emails and pages share.
  // A feature's options sit here too, because AuthConfig names them (the rate-limit options).
  ["config", "^src/(config|messages)/|^src/rate-limit/rate-limit-options\\.ts$"],
  // Request plumbing (context, cookies, CSRF, redirects, responses), the session strategies, rate limiting, and
  // the OAuth client's requests to a provider (discovery, token grants), which sign-in and token refresh share;
  // the recent sign-in check (recent-sign-in/), which the account routes, second factors and the app's routes share.
  ["http-and-session", "^src/(http|session|rate-limit|oauth-client|recent-sign-in)/"],
  // The sign-in kernel (flows/: the method contract, finishSignIn and the gate, accounts and claims) and the
  // features over it, each one folder with its flows and routes: oauth/, email/, logout/ (RP-initiated and
  // back-channel), passkeys/ (WebAuthn), credentials/. A feature reaches another only through the files that
  // one declares as its interface (`featureInterfaces` below).
  ["flows", "^src/(flows|oauth|email|logout|passkeys|credentials)/"],
  // The built-in pages are views: only the app layer's sender renders them. The account routes (account/) are routes.
  ["routes-and-pages", "^src/(routes|account)/|^pages/"],
  // Second factors: TOTP, backup codes, the second-factor step. An app imports the feature (`sekisho/two-factor`,
  // src/two-factor/index.ts) and sets it as `twoFactor`; the core reaches it only through the interface it declares
  // (config/two-factor-feature.ts, flows/two-factor-contract.ts), so an app without it carries none of it.
  ["two-factor", "^src/two-factor/"],
  // Passwords: hashing, policy, sign-up, reset and change. Only the Password provider module imports it; its
  // method brings the routes (flows/sign-in-method.ts), so an app without passwords carries none of it.
  ["password", "^src/password/"],
  // The Hono app and the sender of outcomes, createAuth, the in-process calls, the package entries, the CLI.
  ["app", "^src/app/|^src/(auth|auth-interface|auth-core-types|in-process|index|internal|jwt|testing)\\.ts$|^src/cli/"],
  // The provider modules (`sekisho/providers/<id>`, the catalogue `sekisho/providers`) are entries, like the
  // shims: each brings the sign-in method of its type (flows/sign-in-method.ts), so an app carries only the flows of
  // the providers it imports.
  ["provider-modules", "^src/providers/"],
];

/**
 * What a feature folder of the flows layer offers the others; any other file of a feature is its own.
 * The OIDC method brings back-channel and RP-initiated logout; logout tokens are verified with OAuth's JWKS;
 * the passkey options read an email address as the email sign-in does; the method contract names RP logout.
 */
const featureInterfaces = [
  "^src/logout/(backchannel|rp-logout)\\.ts$",
  "^src/oauth/jwks\\.ts$",
  "^src/email/identifier\\.ts$",
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
 * What `sekisho`, `sekisho/jwt`, `sekisho/testing`, `sekisho/providers` and `sekisho/adapters` publish;
 * `internal.ts`, what the shims share with the core beyond the public root (no package entry, outside semver);
 * and `sign-in-options.ts`, which the browser client shares with the server without loading the server core.
 */
const publicCore = "^src/(index|internal|jwt|testing|providers/index|adapters/index|sign-in-options)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...backUpRules,
    {
      name: "feature-through-its-interface",
      comment:
        "A feature folder of the flows layer imports another feature only through the files that feature declares " +
        "(featureInterfaces); anything else is the other feature's own: move it down into the kernel, or declare it.",
      severity: "error",
      from: { path: "^src/(flows|oauth|email|logout|passkeys|credentials)/" },
      to: { path: "^src/(oauth|email|logout|passkeys|credentials)/", pathNot: ["^src/$1/", ...featureInterfaces] },
    },
    {
      name: "pages-only-from-the-sender",
      comment:
        "A page is rendered only by the app layer's sender (src/app/send.ts); routes and flows return a page description. " +
        "A provider module may bring the page parts of its sign-in method (WebAuthn's passkey view), and a feature module " +
        "(src/two-factor/index.ts) its pages, which the sender renders.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/app/send\\.ts$|^src/providers/|^src/two-factor/index\\.ts$" },
      to: { path: "^pages/" },
    },
    {
      name: "only-the-feature-imports-two-factor",
      comment:
        "Second factors are a feature module the app imports (`sekisho/two-factor`): no other module imports src/two-factor/. " +
        "The core asks the feature through flows/two-factor-contract.ts, so an app without it carries none of its code.",
      severity: "error",
      from: { path: "^(src|pages|shims)/", pathNot: "^src/two-factor/" },
      to: { path: "^src/two-factor/" },
    },
    {
      name: "shims-use-the-public-core",
      comment: "A shim imports only what the package's core entries publish (src/index.ts, jwt, testing, providers, adapters), src/internal.ts (the one entry for what the shims share with the core, outside the public root) and sign-in-options.ts (the browser client's), never other internals.",
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
